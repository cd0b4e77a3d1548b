import { CopyOutlined, LoadingOutlined, RedoOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Spin, Tag, Tooltip } from 'antd';
import { memo, Suspense, useDeferredValue } from 'react';
import { copyText } from '../copy-text';
import type { Answer, Round } from '../conversation/rounds';
import { Markdown } from '../markdown/Markdown';
import styles from '../chat.module.css';
import { Citations } from './Citations';
import { dbAnswerText } from './db-answer-text';
import { lazyChunk } from '../../../lib/chunk-load';
import { ToolCalls, type ToolCallActions } from './ToolCalls';
import type { ToolCallView } from '../../../../contract/api';
import { useAppMessage } from '../../../lib/use-app-message';

// A spreadsheet or database answer's chart, rows and SQL: fetched by the first such answer shown, so a chat without
// one loads none of it (D77).
const ChartAnswer = lazyChunk(() => import('./ChartAnswer').then((m) => m.ChartAnswer), 'ChartAnswer');

function StatusTag({ answer }: { answer: Answer }) {
  if (answer.status === 'stopped') return <Tag>已停止</Tag>;
  if (answer.status === 'failed') return <Tag color="error">回答失败</Tag>;
  return null;
}

/** The answer's text with its tool calls where they were made: text, calls, text, … */
function withCalls(text: string, calls: ToolCallView[]): { text: string; calls: ToolCallView[] }[] {
  const parts: { text: string; calls: ToolCallView[] }[] = [];
  let from = 0;
  for (const call of calls) {
    const at = Math.min(Math.max(call.offset, from), text.length);
    const last = parts.at(-1);
    if (last && at === from && parts.length) last.calls.push(call);
    else parts.push({ text: text.slice(from, at), calls: [call] });
    from = at;
  }
  parts.push({ text: text.slice(from), calls: [] });
  return parts;
}

function AnswerBody({ answer, toolActions }: { answer: Answer; toolActions?: ToolCallActions }) {
  const message = useAppMessage();
  const streaming = answer.status === 'streaming';
  // Rendered at transition priority: React slices the work and yields to input between blocks.
  const deferred = useDeferredValue(answer.text);
  const text = answer.toolCalls?.length ? deferred : dbAnswerText(deferred);
  const thinking = streaming && !answer.toolCalls?.some((c) => c.status === 'pending' || c.status === 'running');
  return (
    <>
      {answer.toolCalls?.length
        ? withCalls(text, answer.toolCalls).map((part, i) => (
          <div key={i}>
            {part.text && <Markdown text={part.text} />}
            {part.calls.length > 0 && <ToolCalls calls={part.calls} actions={streaming ? toolActions : undefined} />}
          </div>
        ))
        : text ? <Markdown text={text} /> : null}
      {!text && thinking && <span className={styles.thinking}><LoadingOutlined /> 正在思考…</span>}
      {streaming && answer.text && <span className={styles.cursor} aria-hidden />}
      {answer.status === 'failed' && answer.error && <Alert type="error" showIcon title={answer.error} className={styles.answerError} />}
      {answer.chart && (
        <Suspense fallback={<Spin size="small" />}>
          <ChartAnswer chart={answer.chart} />
        </Suspense>
      )}
      {answer.references && <Citations references={answer.references} />}
      {!streaming && (
        <div className={styles.answerTools}>
          <StatusTag answer={answer} />
          <Tooltip title="复制回答">
            <Button
              type="text"
              size="small"
              aria-label="复制回答"
              icon={<CopyOutlined />}
              onClick={async () => (await copyText(answer.text)) ? message.success('已复制') : message.error('复制失败')}
            />
          </Tooltip>
        </div>
      )}
    </>
  );
}

export type RoundViewProps = { round: Round; last: boolean; canRegenerate: boolean; onRegenerate: () => void; toolActions?: ToolCallActions };

/** A question and its answer; memoised so finished rounds are not rendered again while another streams. */
export const RoundView = memo(function RoundView({ round, last, canRegenerate, onRegenerate, toolActions }: RoundViewProps) {
  return (
    <div className={styles.round} data-testid="chat-round">
      <div className={styles.human}>
        <div className={styles.humanBubble}>{round.question}</div>
        <Avatar size={32} icon={<UserOutlined />} className={styles.humanAvatar} />
      </div>
      {round.answer && (
        <div className={styles.ai}>
          <Avatar size={32} icon={<RobotOutlined />} className={styles.aiAvatar} />
          <div className={styles.aiBubble} data-testid="chat-answer" data-status={round.answer.status}>
            <AnswerBody answer={round.answer} toolActions={toolActions} />
            {last && canRegenerate && (
              <Button type="link" size="small" icon={<RedoOutlined />} onClick={onRegenerate} className={styles.regenerate}>
                重新生成
              </Button>
            )}
          </div>
        </div>
      )}
    </div>
  );
});
