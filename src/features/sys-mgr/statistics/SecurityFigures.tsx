import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { useSecurityStatisticsQuery, type StatisticsQuery } from './api';
import { ChartCard, FiguresLoading, SummaryCards, sumOf } from './ChartCard';
import { clearancesOption, dailyOption, everyDay, gradeOption, rankingOption } from './statistics-options';

const ZERO = { logins: 0, loginFailures: 0, locks: 0, unlocks: 0, refusals: 0 };
const RED = '#f5222d';

/** 安全保密 (issue 27 §6): the security administrator's figures — sign-ins, locks, refusals, account changes, secrecy grades. */
export function SecurityFigures({ query }: { query: StatisticsQuery }) {
  const { data, isFetching, isLoading } = useSecurityStatisticsQuery(query);
  const days = useMemo(() => everyDay(data?.days ?? [], query.startDate, query.endDate, ZERO), [data, query.startDate, query.endDate]);
  const options = useMemo(() => ({
    signIns: dailyOption(days, [
      { name: '登录成功', type: 'bar', value: (d) => d.logins },
      { name: '登录失败', type: 'bar', color: RED, value: (d) => d.loginFailures },
    ]),
    guards: dailyOption(days, [
      { name: '账号锁定', type: 'bar', color: '#fa8c16', value: (d) => d.locks },
      { name: '账号解锁', type: 'bar', color: '#52c41a', value: (d) => d.unlocks },
      { name: '越权拒绝', type: 'bar', color: '#722ed1', value: (d) => d.refusals },
    ]),
    changes: rankingOption(data?.accountChanges.map((c) => ({ name: c.action, count: c.count })) ?? [], '#2f54eb'),
    documents: gradeOption(data?.gradeDocuments.map((g) => ({ grade: g.grade, count: g.documents })) ?? [], 'documents'),
    clearances: clearancesOption(data?.clearances ?? []),
  }), [data, days]);

  if (isLoading) return <FiguresLoading />;
  return (
    <>
      <SummaryCards loading={isFetching && !data} items={[
        ['登录成功', sumOf(days, (d) => d.logins)], ['登录失败', sumOf(days, (d) => d.loginFailures)],
        ['账号锁定', sumOf(days, (d) => d.locks)], ['账号解锁', sumOf(days, (d) => d.unlocks)],
        ['越权拒绝', sumOf(days, (d) => d.refusals)], ['账号与权限变更', sumOf(data?.accountChanges, (c) => c.count)],
      ]} />
      <Row gutter={12}>
        <Col span={14}><ChartCard title="每日登录成功与失败" option={options.signIns} label="每日登录柱状图" /></Col>
        <Col span={10}><ChartCard title="账号与权限变更" option={options.changes} label="账号与权限变更条形图" empty={!data?.accountChanges.length} /></Col>
      </Row>
      <Row gutter={12}>
        <Col span={14}>
          <ChartCard title="每日锁定、解锁与越权拒绝" option={options.guards} label="每日锁定与越权柱状图"
            note="越权拒绝：被记入审计的操作因超出权限被拒绝（HTTP 403）" />
        </Col>
        <Col span={10}>
          <ChartCard title="人员密级分布（当前）" option={options.clearances} label="人员密级饼图" empty={!sumOf(data?.clearances, (c) => c.users)}
            note="普通账号按当前密级计，不随日期范围变化" />
        </Col>
      </Row>
      <ChartCard title="新增文档（按密级）" option={options.documents} label="文档密级柱状图" height={240}
        empty={!sumOf(data?.gradeDocuments, (g) => g.documents)} />
    </>
  );
}
