import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { useSystemStatisticsQuery, type StatisticsQuery } from './api';
import { ChartCard, FiguresLoading, SummaryCards, sumOf } from './ChartCard';
import { FailuresCard, ModelsCard, QuestionsRow } from './SharedCharts';
import { dailyOption, everyDay, rankingOption, spaceDocumentsOption } from './statistics-options';

const ZERO = { activeUsers: 0, questions: 0, errors: 0 };

/** 系统运行 (issue 27 §6): the system administrator's figures — use, questions, the knowledge base, models and errors. */
export function SystemFigures({ query }: { query: StatisticsQuery }) {
  const { data, isFetching, isLoading } = useSystemStatisticsQuery(query);
  const days = useMemo(() => everyDay(data?.days ?? [], query.startDate, query.endDate, ZERO), [data, query.startDate, query.endDate]);
  const options = useMemo(() => ({
    activity: dailyOption(days, [
      { name: '活跃用户', type: 'line', smooth: true, area: true, value: (d) => d.activeUsers },
      { name: '错误次数', type: 'bar', color: '#f5222d', axis: 'right', value: (d) => d.errors },
    ], [{ title: '用户', integer: true }, { title: '错误', integer: true }]),
    documents: spaceDocumentsOption(data?.spaceDocuments ?? []),
    errors: rankingOption((data?.errors ?? []).map((e) => ({ name: e.kind, count: e.count })), '#fa541c'),
  }), [data, days]);
  const activeAverage = days.length ? Math.round((sumOf(days, (d) => d.activeUsers) / days.length) * 10) / 10 : 0;

  if (isLoading) return <FiguresLoading />;
  return (
    <>
      <SummaryCards loading={isFetching && !data} items={[
        ['日均活跃用户', activeAverage], ['提问次数', sumOf(days, (d) => d.questions)],
        ['新增文档', sumOf(data?.spaceDocuments, (s) => s.documents)], ['新增分段', sumOf(data?.spaceDocuments, (s) => s.chunks)],
        ['处理失败', sumOf(data?.processingFailures, (f) => f.count)], ['错误次数', sumOf(days, (d) => d.errors)],
      ]} />
      <Row gutter={12}>
        <Col span={14}><ChartCard title="每日活跃用户与错误" option={options.activity} label="每日活跃用户与错误图" /></Col>
        <Col span={10}><ChartCard title="错误类型" option={options.errors} label="错误类型条形图" empty={!data?.errors.length} /></Col>
      </Row>
      <QuestionsRow figures={data} days={days} />
      <Row gutter={12}>
        <Col span={12}><ModelsCard models={data?.models} /></Col>
        <Col span={12}><ChartCard title="新增文档与分段（按知识空间）" option={options.documents} label="知识空间文档柱状图" empty={!data?.spaceDocuments.length} /></Col>
      </Row>
      <FailuresCard failures={data?.processingFailures} height={240} />
    </>
  );
}
