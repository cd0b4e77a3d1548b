import { Empty, Spin } from 'antd';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Round } from './conversation/rounds';
import { RoundView } from './answer/AnswerView';
import type { ToolCallActions } from './answer/ToolCalls';
import styles from './chat.module.css';

// Finished rounds get the same props on every render, so their memo holds while the last one streams.
const NOOP = () => undefined;

export type MessageListProps = {
  rounds: Round[];
  loading: boolean;
  busy: boolean;
  onRegenerate: () => void;
  emptyHint: string;
  /** The user's yes or no to a tool call waiting in the running answer, and 取消 of a running one. */
  toolActions?: ToolCallActions;
};

/** The conversation; keeps to the bottom while an answer streams unless the user scrolled up to read. */
export function MessageList({ rounds, loading, busy, onRegenerate, emptyHint, toolActions }: MessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  useLayoutEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [rounds]);

  // Blocks off screen are laid out lazily (content-visibility), so the height settles after the render:
  // follow it while pinned to the bottom.
  useEffect(() => {
    const el = box.current;
    const inner = el?.firstElementChild;
    if (!el || !inner) return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={box}
      className={styles.messages}
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
    >
      <div className={styles.messagesInner}>
        {loading && <Spin style={{ display: 'block', margin: '40px auto' }} />}
        {!loading && !rounds.length && (
          <div className={styles.welcome}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span>你好，我是智能问答助手<br />{emptyHint}</span>} />
          </div>
        )}
        {rounds.map((round, i) => (
          <RoundView
            key={i}
            round={round}
            last={i === rounds.length - 1}
            canRegenerate={i === rounds.length - 1 && !busy && Boolean(round.answer)}
            onRegenerate={i === rounds.length - 1 ? onRegenerate : NOOP}
            toolActions={i === rounds.length - 1 ? toolActions : undefined}
          />
        ))}
      </div>
    </div>
  );
}
