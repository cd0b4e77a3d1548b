import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { LogEntry } from '../../../../contract/api';
import { DataTable, PAGE_SIZE_OPTIONS, type DataTableButton } from '../../../components/data-table';
import { notify } from '../../../lib/notify';
import { hasButton } from '../../../lib/storage';
import { useAuditLogsQuery } from './api';
import { exportLogs } from './export-logs';
import { LOG_COLUMNS } from './log-columns';
import { LogDetailDialog } from './LogDetailDialog';
import { LogFilterBar } from './LogFilterBar';
import { toLogQuery, type LogFilters } from './log-filters';

const PAGE = '/sysMgr/logMgr';
type Row = LogEntry & Record<string, unknown>;

/** 日志管理 (安全审计员): every account's actions, filtered and paged by the server; view and export only. */
export function LogMgrPage() {
  const [filters, setFilters] = useState<LogFilters>({});
  const [paging, setPaging] = useState({ page: 1, limit: PAGE_SIZE_OPTIONS[0] });
  const [viewing, setViewing] = useState<LogEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = toLogQuery(filters);
  const { data, isFetching, refetch } = useAuditLogsQuery({ ...query, ...paging });
  const canExport = hasButton(PAGE, 'export');
  // The log is append-only: the table offers 查看 and nothing that changes a line.
  const can = (code: DataTableButton) => (code === 'view' ? hasButton(PAGE, 'view') : code === 'columns');

  const search = (next: LogFilters) => {
    setFilters(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const runExport = async () => {
    setExporting(true);
    const outcome = await exportLogs(query, dayjs().format('YYYYMMDD'));
    setExporting(false);
    // The export is itself audited: show its entry.
    void refetch();
    if (outcome.status === 'saved') notify().success('日志已导出');
    else if (outcome.status === 'failed') notify().error(outcome.message, 5);
  };

  return (
    <div style={{ padding: 16 }}>
      <Card styles={{ body: { padding: 16 } }}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>日志管理</Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
          审计全部账号的登录、退出与管理操作（含系统管理员与安全保密管理员）。日志只能查看与导出，不能修改或删除。
        </Typography.Paragraph>
        <LogFilterBar onSearch={search} />
        <DataTable<Row>
          columns={LOG_COLUMNS}
          rows={(data?.list ?? []) as Row[]}
          loading={isFetching}
          selection="none"
          can={can}
          onView={(row) => setViewing(row)}
          pagination={{ currentPage: paging.page, pageSize: paging.limit, totalSize: data?.total ?? 0 }}
          onPageChange={(page, limit) => setPaging({ page, limit })}
          toolbarExtra={
            canExport && (
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
                导出
              </Button>
            )
          }
        />
      </Card>
      <LogDetailDialog entry={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
