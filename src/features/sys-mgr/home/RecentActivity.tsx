import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Table, Tag, Tooltip } from 'antd';
import type { LogEntry } from '../../../../contract/api';
import { useRecentActivityQuery } from '../logs/api';
import { formatLogTime, RESULT_LABELS } from '../logs/log-format';

const COLUMNS = [
  { key: 'at', title: '时间', dataIndex: 'at', width: 170, render: (v: string) => formatLogTime(v) },
  { key: 'actionName', title: '操作', dataIndex: 'actionName', width: 120 },
  {
    key: 'target', title: '操作对象', dataIndex: 'target', ellipsis: { showTitle: false },
    render: (v: string) => (v ? <Tooltip title={v} placement="topLeft">{v}</Tooltip> : '—'),
  },
  {
    key: 'result', title: '结果', dataIndex: 'result', width: 80, align: 'center' as const,
    render: (v: string) => <Tag color={RESULT_LABELS[v]?.color}>{RESULT_LABELS[v]?.text ?? v}</Tag>,
  },
  { key: 'ip', title: 'IP 地址', dataIndex: 'ip', width: 140 },
];

/** The account's own last ten audited actions (sign-ins included), newest first. */
export function RecentActivity() {
  const { data, isFetching, isError, refetch } = useRecentActivityQuery();
  return (
    <Card
      title="最近操作"
      extra={<Button type="text" size="small" icon={<ReloadOutlined />} aria-label="刷新最近操作" onClick={() => void refetch()} />}
    >
      {isError ? (
        <Alert type="warning" showIcon title="最近操作加载失败，请稍后刷新" />
      ) : (
        <Table<LogEntry>
          rowKey="id"
          size="small"
          columns={COLUMNS}
          dataSource={data ?? []}
          loading={isFetching}
          pagination={false}
          tableLayout="fixed"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无操作记录" /> }}
          data-testid="recent-activity"
        />
      )}
    </Card>
  );
}
