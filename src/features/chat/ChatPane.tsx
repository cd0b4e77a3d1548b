import { Alert, App } from 'antd';
import { CHAT_MESSAGES } from '../../../contract/api/runtime';
import type { ChatMode } from '../../../contract/api';
import { hasButton } from '../../lib/storage';
import styles from './chat.module.css';
import { Composer } from './Composer';
import { useConversation } from './conversation/useConversation';
import { ChatFiles } from './files/ChatFiles';
import { useChatUpload } from './files/useChatUpload';
import { MessageList } from './MessageList';
import { MODE_OPTIONS, PARAM_LABELS } from './modes';

export type ChatPaneProps = {
  convUid: string | null;
  mode: ChatMode;
  selectParam: string | null;
  model: string | null;
  ensureDialogue: () => Promise<string>;
  onBusy: (busy: boolean) => void;
  /** No model is configured: a notice, and no questions except in knowledge chat (which lists passages). */
  noModel?: boolean;
};

/** One dialogue: its messages, its files and the question box. */
export function ChatPane({ convUid, mode, selectParam, model, ensureDialogue, onBusy, noModel = false }: ChatPaneProps) {
  const { message } = App.useApp();
  const conversation = useConversation({ convUid, mode, selectParam, model, ensureDialogue });
  const kind = mode === 'chat_excel' ? 'excel' : 'document';
  const uploader = useChatUpload(kind, ensureDialogue);
  // The server checks the button /chatWindow#upload on both upload calls; offer it only to those who hold it.
  const hasUpload = (mode === 'chat_normal' || mode === 'chat_excel') && hasButton('/chatWindow', 'upload');

  const track = async (work: Promise<void>) => {
    onBusy(true);
    await work;
    onBusy(false);
  };
  const send = (question: string) => {
    const paramLabel = PARAM_LABELS[mode];
    if (paramLabel && !selectParam) {
      message.warning(mode === 'chat_excel' ? '请先上传表格并选择数据表' : mode === 'chat_agent' ? '请先选择至少一个工具集' : `请先选择${paramLabel}`);
      return;
    }
    void track(conversation.ask(question));
  };

  return (
    <>
      <MessageList
        rounds={conversation.rounds}
        loading={conversation.loading}
        busy={conversation.busy}
        onRegenerate={() => void track(conversation.regenerate())}
        emptyHint={MODE_OPTIONS.find((m) => m.value === mode)?.hint ?? ''}
        toolActions={conversation.toolActions}
      />
      {convUid && <ChatFiles convUid={convUid} />}
      {noModel && (
        <Alert
          type="warning"
          showIcon
          role="status"
          className={styles.noModel}
          message={mode === 'chat_knowledge' ? CHAT_MESSAGES.noModelKnowledgeNotice : CHAT_MESSAGES.noModelNotice}
        />
      )}
      <Composer
        disabled={noModel && mode !== 'chat_knowledge'}
        busy={conversation.busy}
        onSend={send}
        onStop={conversation.stop}
        placeholder={mode === 'chat_knowledge' ? '向知识库提问…' : mode === 'chat_excel' ? '用自然语言查询表格，例如：各部门人数是多少？' : '输入问题…'}
        upload={
          hasUpload
            ? {
                label: mode === 'chat_excel' ? '上传表格' : '上传文件',
                onUpload: () => void uploader.upload(),
                onCancel: uploader.cancel,
                progress: uploader.progress,
                error: uploader.error,
              }
            : undefined
        }
      />
    </>
  );
}
