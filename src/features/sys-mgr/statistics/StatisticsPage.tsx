import { DownloadOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Empty, Row, Space, Statistic, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { ROOT_DEPT_ID, STATISTICS_PATHS } from '../../../../contract/api/runtime';
import type { DeptTreeNode } from '../../../../contract/api';
import type { ChartProps } from '../../../components/chart/Chart';
import { Chart } from '../../../components/chart/Chart';
import { api } from '../../../lib/http/api';
import { hasButton } from '../../../lib/storage';
import styles from '../depts/DeptMgrPage.module.css';
import { useDeptTreeQuery } from '../depts/api';
import { exportXlsx } from '../logs/export-logs';
import {
  documentsOption, everyDay, failureRows, loginsOption, modelsOption, questionsOption, rankingOption, trendOption, type Figures,
} from './statistics-options';
import { useAppMessage } from '../../../lib/use-app-message';

type Query = { startDate: string; endDate: string; deptId?: number };

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

/** One chart in its card; a figure with nothing in the range says so instead of drawing empty axes. */
function ChartCard({ title, option, label, height, empty, note }: {
  title: string; option: ChartProps['spec']; label: string; height?: number; empty?: boolean; note?: string;
}) {
  return (
    <section className={styles.card} aria-label={title}>
      <Typography.Title level={5} className={styles.paneTitle}>{title}</Typography.Title>
      {note && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{note}</Typography.Text>}
      {empty
        ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选范围内没有数据" style={{ height: height ?? 280, margin: 0, paddingTop: 80 }} />
        : <Chart spec={option} height={height} ariaLabel={label} />}
    </section>
  );
}

/** 统计 (issue 17, D57): usage per day from the audit log, questions, documents, failures and model timings (D65) as charts, for a date range and a department; xlsx export of every figure. */
export function StatisticsPage() {
  const message = useAppMessage();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [beijingToday().subtract(29, 'day'), beijingToday()]);
  const [deptId, setDeptId] = useState<number>();
  const query: Query = { startDate: range[0].format(FORMAT), endDate: range[1].format(FORMAT), deptId };
  const { data, isFetching } = useAuditStatisticsQuery(query);
  const depts = useDeptTreeQuery(ROOT_DEPT_ID);
  const [exporting, setExporting] = useState(false);
  const days = useMemo(() => everyDay(data?.days ?? [], query.startDate, query.endDate), [data, query.startDate, query.endDate]);
  const total = (key: 'operations' | 'logins' | 'failures') => days.reduce((n, d) => n + d[key], 0);
  const options = useMemo(() => ({
    trend: trendOption(days),
    logins: loginsOption(days),
    actions: rankingOption((data?.topActions ?? []).map((a) => ({ name: a.action, count: a.count }))),
    questions: questionsOption(data?.questions ?? [], days.map((d) => d.day)),
    spaces: rankingOption((data?.topSpaces ?? []).map((s) => ({ name: s.space, count: s.questions })), '#13c2c2'),
    documents: documentsOption(data?.documents ?? [], 'documents'),
    chunks: documentsOption(data?.documents ?? [], 'chunks'),
    failures: rankingOption(failureRows(data?.processingFailures ?? []), '#f5222d'),
    models: modelsOption(data?.models ?? []),
  }), [data, days]);
  const questions = (data?.questions ?? []).reduce((n, q) => n + q.questions, 0);
  const processingFailures = (data?.processingFailures ?? []).reduce((n, f) => n + f.count, 0);

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
          <Typography.Text type="secondary">按北京时间统计；部门按操作人、提问人和上传人计</Typography.Text>
        </Space>
      </section>
      <Row gutter={12}>
        {([['操作次数', total('operations')], ['提问次数', questions], ['登录次数', total('logins')], ['失败操作', total('failures')],
          ['处理失败', processingFailures],
          ['日均活跃用户', days.length ? Math.round((days.reduce((n, d) => n + d.activeUsers, 0) / days.length) * 10) / 10 : 0]] as const).map(([title, value]) => (
          <Col span={4} key={title}>
            <section className={styles.card}><Statistic title={title} value={value} loading={isFetching && !data} /></section>
          </Col>
        ))}
      </Row>
      <Row gutter={12}>
        <Col span={14}><ChartCard title="每日操作与活跃用户" option={options.trend} label="每日操作与活跃用户折线图" /></Col>
        <Col span={10}><ChartCard title="操作排行" option={options.actions} label="操作排行条形图" /></Col>
      </Row>
      <Row gutter={12}>
        <Col span={14}><ChartCard title="每日提问（按对话模式）" option={options.questions} label="每日提问柱状图" empty={!data?.questions.length} /></Col>
        <Col span={10}><ChartCard title="知识空间提问排行" option={options.spaces} label="知识空间提问排行条形图" empty={!data?.topSpaces.length} /></Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}><ChartCard title="新增文档（按知识空间和密级）" option={options.documents} label="文档数柱状图" empty={!data?.documents.length} /></Col>
        <Col span={12}><ChartCard title="新增分段（按知识空间和密级）" option={options.chunks} label="分段数柱状图" empty={!data?.documents.length} /></Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <ChartCard title="模型耗时与排队" option={options.models} label="模型耗时柱状图" empty={!data?.models.length}
            note="首字时间含排队等待；每秒 token 数按估算的 token 计" />
        </Col>
        <Col span={12}><ChartCard title="处理失败原因" option={options.failures} label="处理失败原因条形图" empty={!data?.processingFailures.length} /></Col>
      </Row>
      <ChartCard title="每日登录与失败操作" option={options.logins} label="每日登录与失败柱状图" height={240} />
    </div>
  );
}
