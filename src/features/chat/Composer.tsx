import { PaperClipOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Input, Progress, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { MAX_USER_INPUT } from '../../../contract/api/runtime';
import styles from './chat.module.css';
import { loadDraft, saveDraft } from './draft';
import type { UploadProgress } from './files/useChatUpload';

export type ComposerProps = {
  busy: boolean;
  onSend: (question: string) => void;
  onStop: () => void;
  /** Upload for file and spreadsheet chat; absent in modes without files. */
  upload?: { label: string; onUpload: () => void; onCancel: () => void; progress: UploadProgress; error: string };
  placeholder: string;
  /** Nothing can be asked (no model configured): the box and its buttons are disabled. */
  disabled?: boolean;
};

/** The question box: Enter sends, Shift+Enter starts a new line; at most MAX_USER_INPUT characters; stop while streaming. */
export function Composer({ busy, onSend, onStop, upload, placeholder, disabled = false }: ComposerProps) {
  // The draft survives a sign-out and comes back after the same user's next sign-in (D37).
  const [text, setTextState] = useState(loadDraft);
  const setText = (next: string) => {
    setTextState(next);
    saveDraft(next);
  };
  const empty = text.trim() === '';
  const send = () => {
    if (disabled || busy || empty || text.length > MAX_USER_INPUT) return;
    onSend(text.trim());
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  return (
    <div className={styles.composer}>
      {upload?.progress && (
        <div className={styles.uploading} data-testid="chat-upload-progress">
          <Typography.Text ellipsis style={{ maxWidth: 260 }}>正在上传：{upload.progress.name}</Typography.Text>
          <Progress percent={upload.progress.percent} size="small" style={{ width: 200, margin: 0 }} />
          <Button size="small" onClick={upload.onCancel}>取消上传</Button>
        </div>
      )}
      {upload?.error && <Typography.Text type="danger" className={styles.uploadError}>{upload.error}</Typography.Text>}
      <div className={styles.inputBox}>
        <Input.TextArea
          aria-label="输入问题"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={disabled ? '管理员尚未配置大模型，暂时无法提问' : placeholder}
          disabled={disabled}
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={MAX_USER_INPUT}
          variant="borderless"
          className={styles.textarea}
        />
        <div className={styles.inputTools}>
          {upload ? (
            <Button icon={<PaperClipOutlined />} onClick={upload.onUpload} disabled={Boolean(upload.progress) || busy || disabled}>
              {upload.label}
            </Button>
          ) : (
            <span />
          )}
          <span className={styles.hint}>Enter 发送，Shift+Enter 换行</span>
          <span className={styles.count} aria-label="字数">
            {text.length} / {MAX_USER_INPUT}
          </span>
          {busy ? (
            <Button danger icon={<StopOutlined />} onClick={onStop}>
              停止
            </Button>
          ) : (
            <Button type="primary" icon={<SendOutlined />} onClick={send} disabled={empty || disabled}>
              发送
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
