import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ERROR_LOG_PATHS } from '../../../../contract/api/runtime';
import type { ErrorLogEntry, ErrorLogPage as Page, ErrorLogQuery } from '../../../../contract/api';
import { DataTable, PAGE_SIZE_OPTIONS, type DataTableColumn } from '../../../components/data-table';
import { api } from '../../../lib/http/api';
import { hasButton } from '../../../lib/storage';
import styles from '../depts/DeptMgrPage.module.css';
import { exportXlsx } from '../logs/export-logs';
import { useAppMessage } from '../../../lib/use-app-message';

const PATH = '/sysMgr/errorLog';

const errorLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    errorLog: build.query<Page, ErrorLogQuery>({ query: (params) => ({ url: ERROR_LOG_PATHS.list, params }) }),
  }),
});
const { useErrorLogQuery } = errorLogApi;

const KINDS = [
  { value: 'http', label: '接口错误' },
  { value: 'job', label: '后台任务失败' },
  { value: 'model', label: '模型调用失败' },
  { value: 'database', label: '数据库连接失败' },
];
const KIND_COLORS: Record<string, string> = { http: 'red', job: 'orange', model: 'purple', database: 'volcano' };

type Row = ErrorLogEntry & Record<string, unknown>;

const pad = (n: number) => String(n).padStart(2, '0');
const localTime = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

const COLUMNS: DataTableColumn<Row>[] = [
  { key: 'at', title: '时间', width: 170, render: (v) => localTime(v as string) },
  { key: 'kindName', title: '类型', width: 120, render: (v, r) => <Tag color={KIND_COLORS[r.kind]}>{v as string}</Tag> },
  { key: 'summary', title: '摘要', width: 260, ellipsis: true },
  { key: 'requestId', title: '错误编号', width: 290, render: (v) => (v ? <Typography.Text copyable code>{v as string}</Typography.Text> : '—') },
  { key: 'route', title: '接口或队列', width: 240, ellipsis: true, render: (v, r) => `${r.method} ${v as string}`.trim() || '—' },
  { key: 'status', title: '状态码', width: 80, render: (v) => (v as number | null) ?? '—' },
  { key: 'username', title: '用户', width: 110, render: (v) => (v as string) || '—' },
  { key: 'detail', title: '详情（已脱敏）', width: 320, ellipsis: true, hidden: true },
];

/**
 * 错误日志 (issue 17, D56): the server's 5xx answers, failed jobs, model and database-connection failures, newest
 * first; a user's reported request id finds its entry. The server stores no request values and redacts details.
 */
export function ErrorLogPage() {
  const message = useAppMessage();
  const [kind, setKind] = useState<ErrorLogQuery['kind']>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState<ErrorLogQuery>({ currentPage: 1, pageSize: PAGE_SIZE_OPTIONS[0] });
  const [exporting, setExporting] = useState(false);
  const { data, isFetching } = useErrorLogQuery(applied);

  const filters = (): ErrorLogQuery => ({
    kind,
    startTime: range?.[0]?.startOf('day').toISOString(),
    endTime: range?.[1]?.endOf('day').toISOString(),
    keyword: keyword.trim() || undefined,
  });
  const search = () => setApplied({ ...filters(), currentPage: 1, pageSize: applied.pageSize });
  const exportAll = async () => {
    setExporting(true);
    const today = new Date();
    const outcome = await exportXlsx(ERROR_LOG_PATHS.export, filters(), `错误日志-${today.getFullYear()}${pad(today.getMonth() + 1)}${pad(today.getDate())}.xlsx`);
    setExporting(false);
    if (outcome.status === 'saved') message.success('已导出错误日志');
    else if (outcome.status === 'failed') message.error(outcome.message, 5);
  };

  return (
    <div className={styles.page} style={{ flexDirection: 'column' }}>
      <section className={styles.card} aria-label="筛选">
        <Space wrap>
          <Select allowClear placeholder="全部类型" style={{ width: 150 }} options={KINDS} value={kind} onChange={setKind} aria-label="类型" />
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => setRange(v)}
            placeholder={['开始时间', '结束日期']}
            allowEmpty={[true, true]}
          />
          <Input
            allowClear
            style={{ width: 300 }}
            placeholder="错误编号、接口、用户或摘要"
            value={keyword}
            maxLength={100}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={search}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>查询</Button>
          {hasButton(PATH, 'export') && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportAll()}>导出</Button>
          )}
        </Space>
      </section>
      <section className={`${styles.card} ${styles.grow}`} aria-label="错误记录">
        <Typography.Title level={5} className={styles.paneTitle}>
          错误日志
          <Typography.Text type="secondary" className={styles.subtitle}>
            接口 5xx、后台任务失败、模型与数据库连接失败；不记录密码与请求参数
          </Typography.Text>
        </Typography.Title>
        <DataTable<Row>
          tableId="errorLog"
          columns={COLUMNS}
          rows={(data?.list ?? []) as Row[]}
          loading={isFetching}
          selection="none"
          showRowTools={false}
          can={(code) => code === 'columns'}
          pagination={{ currentPage: applied.currentPage ?? 1, pageSize: applied.pageSize ?? PAGE_SIZE_OPTIONS[0], totalSize: data?.total ?? 0 }}
          onPageChange={(currentPage, pageSize) => setApplied({ ...applied, currentPage, pageSize })}
        />
      </section>
    </div>
  );
}
