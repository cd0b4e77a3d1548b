import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { useSystemStatisticsQuery, type StatisticsQuery } from './api';
import { ChartCard, FiguresLoading, SummaryCards, sumOf } from './ChartCard';
import { dailyOption, everyDay, failureRows, modelsOption, questionsOption, rankingOption, spaceDocumentsOption } from './statistics-options';

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
    questions: questionsOption(data?.questions ?? [], days.map((d) => d.day)),
    spaces: rankingOption((data?.topSpaces ?? []).map((s) => ({ name: s.space, count: s.questions })), '#13c2c2'),
    documents: spaceDocumentsOption(data?.spaceDocuments ?? []),
    models: modelsOption(data?.models ?? []),
    failures: rankingOption(failureRows(data?.processingFailures ?? []), '#f5222d'),
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
      <Row gutter={12}>
        <Col span={14}><ChartCard title="每日提问（按对话模式）" option={options.questions} label="每日提问柱状图" empty={!data?.questions.length} /></Col>
        <Col span={10}><ChartCard title="知识空间提问排行" option={options.spaces} label="知识空间提问排行条形图" empty={!data?.topSpaces.length} /></Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <ChartCard title="模型耗时与排队" option={options.models} label="模型耗时柱状图" empty={!data?.models.length}
            note="首字时间含排队等待；每秒 token 数按估算的 token 计" />
        </Col>
        <Col span={12}><ChartCard title="新增文档与分段（按知识空间）" option={options.documents} label="知识空间文档柱状图" empty={!data?.spaceDocuments.length} /></Col>
      </Row>
      <ChartCard title="处理失败原因" option={options.failures} label="处理失败原因条形图" height={240} empty={!data?.processingFailures.length} />
    </>
  );
}
