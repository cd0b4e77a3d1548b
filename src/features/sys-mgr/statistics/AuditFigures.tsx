import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { useAuditStatisticsQuery, type StatisticsQuery } from './api';
import { ChartCard, FiguresLoading, SummaryCards, sumOf } from './ChartCard';
import { FailuresCard, ModelsCard, QuestionsRow } from './SharedCharts';
import { adminActionsOption, documentsOption, everyDay, loginsOption, rankingOption, trendOption } from './statistics-options';

const ZERO = { operations: 0, activeUsers: 0, logins: 0, failures: 0 };

/** 安全审计 (D57, D65): usage per day from the audit log, questions, documents, failures, model timings, and the other two administrators' operations. */
export function AuditFigures({ query }: { query: StatisticsQuery }) {
  const { data, isFetching, isLoading } = useAuditStatisticsQuery(query);
  const days = useMemo(() => everyDay(data?.days ?? [], query.startDate, query.endDate, ZERO), [data, query.startDate, query.endDate]);
  const options = useMemo(() => ({
    trend: trendOption(days),
    logins: loginsOption(days),
    actions: rankingOption((data?.topActions ?? []).map((a) => ({ name: a.action, count: a.count }))),
    documents: documentsOption(data?.documents ?? [], 'documents'),
    chunks: documentsOption(data?.documents ?? [], 'chunks'),
    admins: adminActionsOption(data?.adminActions ?? []),
  }), [data, days]);
  const activeAverage = days.length ? Math.round((sumOf(days, (d) => d.activeUsers) / days.length) * 10) / 10 : 0;

  if (isLoading) return <FiguresLoading />;
  return (
    <>
      <SummaryCards loading={isFetching && !data} items={[
        ['操作次数', sumOf(days, (d) => d.operations)], ['提问次数', sumOf(data?.questions, (q) => q.questions)],
        ['登录次数', sumOf(days, (d) => d.logins)], ['失败操作', sumOf(days, (d) => d.failures)],
        ['处理失败', sumOf(data?.processingFailures, (f) => f.count)], ['日均活跃用户', activeAverage],
      ]} />
      <Row gutter={12}>
        <Col span={14}><ChartCard title="每日操作与活跃用户" option={options.trend} label="每日操作与活跃用户折线图" /></Col>
        <Col span={10}><ChartCard title="操作排行" option={options.actions} label="操作排行条形图" /></Col>
      </Row>
      <Row gutter={12}>
        <Col span={14}><ChartCard title="每日登录与失败操作" option={options.logins} label="每日登录与失败柱状图" /></Col>
        <Col span={10}>
          <ChartCard title="系统管理员与安全保密管理员的操作" option={options.admins} label="管理员操作条形图" empty={!data?.adminActions.length} />
        </Col>
      </Row>
      <QuestionsRow figures={data} days={days} />
      <Row gutter={12}>
        <Col span={12}><ChartCard title="新增文档（按知识空间和密级）" option={options.documents} label="文档数柱状图" empty={!data?.documents.length} /></Col>
        <Col span={12}><ChartCard title="新增分段（按知识空间和密级）" option={options.chunks} label="分段数柱状图" empty={!data?.documents.length} /></Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}><ModelsCard models={data?.models} /></Col>
        <Col span={12}><FailuresCard failures={data?.processingFailures} /></Col>
      </Row>
    </>
  );
}
