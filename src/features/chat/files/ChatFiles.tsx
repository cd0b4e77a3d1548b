import { CheckCircleOutlined, CloseCircleOutlined, FileOutlined, SyncOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useState } from 'react';
import type { ChatFile } from '../../../../contract/api';
import { useAppDispatch } from '../../../app/hooks';
import { usePollingInterval } from '../../../app/tabs/page-tab-context';
import { chatApi, useChatFileStatusQuery, useChatFilesQuery } from '../api';
import styles from '../chat.module.css';

/** How often a waiting or running file's status is asked. */
export const FILE_POLL_MS = 2_000;

const LABELS: Record<ChatFile['status'], { text: string; color: string; icon: React.ReactNode }> = {
  TODO: { text: '等待处理', color: 'gold', icon: <SyncOutlined spin /> },
  RUNNING: { text: '处理中', color: 'processing', icon: <SyncOutlined spin /> },
  FINISHED: { text: '可以提问', color: 'success', icon: <CheckCircleOutlined /> },
  FAILED: { text: '处理失败', color: 'error', icon: <CloseCircleOutlined /> },
};

const active = (status: ChatFile['status']) => status === 'TODO' || status === 'RUNNING';

function FileChip({ file }: { file: ChatFile }) {
  const dispatch = useAppDispatch();
  const [polling, setPolling] = useState(active(file.status));
  // The status call is polled only while the file waits or runs (spec §4's rule for documents).
  const interval = usePollingInterval(FILE_POLL_MS);
  const polled = useChatFileStatusQuery(file.id, { skip: !active(file.status), pollingInterval: polling ? interval : 0 });
  const status = polled.data?.status ?? file.status;
  const result = polled.data?.result ?? file.result;
  if (polling !== active(status)) {
    setPolling(active(status));
    // A processed sheet becomes a parameter of spreadsheet chat.
    if (status === 'FINISHED') dispatch(chatApi.util.invalidateTags(['ChatParams']));
  }
  const label = LABELS[status];
  return (
    <Tooltip title={status === 'FAILED' && result ? `失败原因：${result}` : label.text}>
      <Tag className={styles.fileChip} icon={<FileOutlined />} data-testid="chat-file">
        {file.file_name}
        <Tag color={label.color} icon={label.icon} bordered={false} style={{ marginInlineStart: 6, marginInlineEnd: 0 }}>
          {label.text}
        </Tag>
      </Tag>
    </Tooltip>
  );
}

/** The files uploaded into the dialogue with their processing state. */
export function ChatFiles({ convUid }: { convUid: string }) {
  const { data = [] } = useChatFilesQuery(convUid);
  if (!data.length) return null;
  return (
    <div className={styles.files} aria-label="对话文件">
      {data.map((f) => (
        <FileChip key={f.id} file={f} />
      ))}
    </div>
  );
}
