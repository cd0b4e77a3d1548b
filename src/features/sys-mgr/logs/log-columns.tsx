import { Tag, Tooltip } from 'antd';
import type { LogEntry } from '../../../../contract/api';
import type { DataTableColumn } from '../../../components/data-table';
import { formatLogTime, RESULT_LABELS } from './log-format';

type Row = LogEntry & Record<string, unknown>;

function clipped(value: unknown) {
  const text = String(value ?? '');
  if (!text) return '—';
  return (
    <Tooltip title={text} placement="topLeft">
      <span>{text}</span>
    </Tooltip>
  );
}

/** Columns of the audit-log table. */
export const LOG_COLUMNS: DataTableColumn<Row>[] = [
  { key: 'at', title: '操作时间', width: 155, render: (v) => formatLogTime(String(v)) },
  { key: 'actorUsername', title: '用户', width: 105, ellipsis: true },
  { key: 'actionName', title: '操作类型', width: 100, ellipsis: true },
  { key: 'target', title: '操作对象', width: 170, ellipsis: true, render: clipped },
  {
    key: 'result', title: '结果', width: 64, align: 'center',
    render: (v) => {
      const label = RESULT_LABELS[String(v)] ?? { text: String(v), color: 'default' };
      return <Tag color={label.color}>{label.text}</Tag>;
    },
  },
  { key: 'ip', title: 'IP 地址', width: 110, ellipsis: true },
  { key: 'detail', title: '详情', width: 150, ellipsis: true, render: clipped },
  { key: 'userAgent', title: '客户端', width: 200, ellipsis: true, hidden: true, render: clipped },
];
