import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Col, DatePicker, Row, Space, Statistic, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { ROOT_DEPT_ID, STATISTICS_PATHS } from '../../../../contract/api/runtime';
import type { DeptTreeNode } from '../../../../contract/api';
import { EChart } from '../../../components/chart/EChart';
import { api } from '../../../lib/http/api';
import { hasButton } from '../../../lib/storage';
import styles from '../depts/DeptMgrPage.module.css';
import { useDeptTreeQuery } from '../depts/api';
import { exportXlsx } from '../logs/export-logs';

type Query = { startDate: string; endDate: string; deptId?: number };
type Figures = {
  days: { day: string; operations: number; activeUsers: number; logins: number; failures: number }[];
  topActions: { action: string; count: number }[];
};

const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditStatistics: build.query<Figures, Query>({ query: (params) => ({ url: STATISTICS_PATHS.audit, params }) }),
  }),
});
const { useAuditStatisticsQuery } = statisticsApi;

const FORMAT = 'YYYY-MM-DD';
/** Today in Beijing, whatever zone the browser is in: the server counts Beijing days (D57). */
const beijingToday = () => dayjs(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10));
type TreeOption = { value: number; title: string; children: TreeOption[] };
const deptOptions = (nodes: DeptTreeNode[]): TreeOption[] => nodes.map((n) => ({ value: n.id, title: n.name, children: deptOptions(n.children ?? []) }));

/** 统计 (issue 17, D57): usage per day from the audit log as charts, for a date range and a department; xlsx export. */
export function StatisticsPage() {
  const { message } = App.useApp();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [beijingToday().subtract(29, 'day'), beijingToday()]);
  const [deptId, setDeptId] = useState<number>();
  const query: Query = { startDate: range[0].format(FORMAT), endDate: range[1].format(FORMAT), deptId };
  const { data, isFetching } = useAuditStatisticsQuery(query);
  const depts = useDeptTreeQuery(ROOT_DEPT_ID);
  const [exporting, setExporting] = useState(false);
  // Every day of the range on the axis, days without entries as zero.
  const days = useMemo(() => {
    const byDay = new Map((data?.days ?? []).map((d) => [d.day, d]));
    const all: Figures['days'] = [];
    for (let d = dayjs(query.startDate); !d.isAfter(dayjs(query.endDate), 'day'); d = d.add(1, 'day')) {
      const day = d.format(FORMAT);
      all.push(byDay.get(day) ?? { day, operations: 0, activeUsers: 0, logins: 0, failures: 0 });
    }
    return all;
  }, [data, query.startDate, query.endDate]);
  const total = (key: 'operations' | 'logins' | 'failures') => days.reduce((n, d) => n + d[key], 0);

  const trend = useMemo(() => ({
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['操作次数', '活跃用户'] },
    grid: { left: 48, right: 48, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: [{ type: 'value', name: '操作' }, { type: 'value', name: '用户', minInterval: 1 }],
    series: [
      { name: '操作次数', type: 'line', smooth: true, areaStyle: { opacity: 0.12 }, data: days.map((d) => d.operations) },
      { name: '活跃用户', type: 'line', smooth: true, yAxisIndex: 1, data: days.map((d) => d.activeUsers) },
    ],
  }), [days]);
  const logins = useMemo(() => ({
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['登录次数', '失败操作'] },
    grid: { left: 48, right: 16, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '登录次数', type: 'bar', barMaxWidth: 18, data: days.map((d) => d.logins) },
      { name: '失败操作', type: 'bar', barMaxWidth: 18, itemStyle: { color: '#f5222d' }, data: days.map((d) => d.failures) },
    ],
  }), [days]);
  const top = useMemo(() => {
    const actions = [...(data?.topActions ?? [])].reverse();
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 110, right: 24, top: 16, bottom: 24 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: actions.map((a) => a.action) },
      series: [{ name: '次数', type: 'bar', barMaxWidth: 22, data: actions.map((a) => a.count), itemStyle: { color: '#1677ff' } }],
    };
  }, [data]);

  const exportFigures = async () => {
    setExporting(true);
    const outcome = await exportXlsx(STATISTICS_PATHS.export, query, `统计-${query.startDate}-${query.endDate}.xlsx`);
    setExporting(false);
    if (outcome.status === 'saved') message.success('已导出统计');
    else if (outcome.status === 'failed') message.error(outcome.message, 5);
  };

  return (
    <div className={styles.page} style={{ flexDirection: 'column', overflow: 'auto' }}>
      <section className={styles.card} aria-label="统计条件">
        <Space wrap>
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            placeholder={['开始时间', '结束日期']}
            disabledDate={(d) => d.isAfter(beijingToday(), 'day')}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          />
          <TreeSelect
            allowClear
            style={{ width: 220 }}
            placeholder="全部部门"
            aria-label="部门"
            treeData={deptOptions(depts.data ?? [])}
            treeDefaultExpandAll
            value={deptId}
            onChange={(v: number | undefined) => setDeptId(v)}
          />
          {hasButton('/sysMgr/statistics', 'export') && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportFigures()}>导出</Button>
          )}
          <Typography.Text type="secondary">按北京时间统计；数据来自审计日志</Typography.Text>
        </Space>
      </section>
      <Row gutter={12}>
        {([['操作次数', total('operations')], ['登录次数', total('logins')], ['失败操作', total('failures')],
          ['日均活跃用户', days.length ? Math.round(days.reduce((n, d) => n + d.activeUsers, 0) / days.length) : 0]] as const).map(([title, value]) => (
          <Col span={6} key={title}>
            <section className={styles.card}><Statistic title={title} value={value} loading={isFetching && !data} /></section>
          </Col>
        ))}
      </Row>
      <Row gutter={12}>
        <Col span={14}>
          <section className={styles.card} aria-label="每日操作与活跃用户">
            <Typography.Title level={5} className={styles.paneTitle}>每日操作与活跃用户</Typography.Title>
            <EChart option={trend} ariaLabel="每日操作与活跃用户折线图" />
          </section>
        </Col>
        <Col span={10}>
          <section className={styles.card} aria-label="操作排行">
            <Typography.Title level={5} className={styles.paneTitle}>操作排行</Typography.Title>
            <EChart option={top} ariaLabel="操作排行条形图" />
          </section>
        </Col>
      </Row>
      <section className={styles.card} aria-label="每日登录与失败">
        <Typography.Title level={5} className={styles.paneTitle}>每日登录与失败操作</Typography.Title>
        <EChart option={logins} height={240} ariaLabel="每日登录与失败柱状图" />
      </section>
    </div>
  );
}
