import { Descriptions, Tag, Typography } from 'antd';
import type { LogEntry } from '../../../../contract/api';
import { Dialog } from '../../../components/dialog';
import { formatLogTime, RESULT_LABELS } from './log-format';

/** Props of LogDetailDialog. */
export type LogDetailDialogProps = { entry: LogEntry | null; onClose: () => void };

/** 查看: one audit entry in full, read-only (no footer: nothing can be changed). */
export function LogDetailDialog({ entry, onClose }: LogDetailDialogProps) {
  const result = entry ? (RESULT_LABELS[entry.result] ?? { text: entry.result, color: 'default' }) : null;
  return (
    <Dialog open={entry !== null} title="日志详情" onClose={onClose} footer={false} width={720} height={420}>
      {entry && result && (
        <Descriptions column={1} bordered size="small" labelStyle={{ width: 120 }}>
          <Descriptions.Item label="操作时间">{formatLogTime(entry.at)}</Descriptions.Item>
          <Descriptions.Item label="用户">
            {entry.actorUsername}
            {entry.actorId !== null && <Typography.Text type="secondary">（ID {entry.actorId}）</Typography.Text>}
          </Descriptions.Item>
          <Descriptions.Item label="操作类型">{entry.actionName}</Descriptions.Item>
          <Descriptions.Item label="操作对象">{entry.target || '—'}</Descriptions.Item>
          <Descriptions.Item label="结果">
            <Tag color={result.color}>{result.text}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="IP 地址">{entry.ip || '—'}</Descriptions.Item>
          <Descriptions.Item label="详情">
            <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{entry.detail || '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label="客户端">
            <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>{entry.userAgent || '—'}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Dialog>
  );
}
