import { LoadingOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import styles from './RunningTask.module.css';

/** What a long task last said of its progress: `progress` of `total` (when known), and a line of its own. */
export type TaskProgress = { progress: number; total?: number; message?: string };

export type RunningTaskProps = {
  /** What is running, e.g. 正在调用 报表 / long_task. */
  label: string;
  progress?: TaskProgress;
  /** Offers 取消; the button shows 正在取消 until the task ends (this component then leaves the page). */
  onCancel?: () => Promise<void> | void;
};

/** Seconds since the component was first shown, counted every second. */
export function useElapsedSeconds(): number {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - started) / 1000));
}

/** A task that is still running: what it is, for how long, its progress if it says, and 取消. */
export function RunningTask({ label, progress, onCancel }: RunningTaskProps) {
  const seconds = useElapsedSeconds();
  const [cancelling, setCancelling] = useState(false);
  const total = progress?.total;
  const percent = total && total > 0 ? Math.min(100, Math.round((progress.progress / total) * 100)) : null;
  const cancel = async () => {
    setCancelling(true);
    try {
      await onCancel?.();
    } catch {
      setCancelling(false);
    }
  };
  return (
    <div className={styles.task} role="status" aria-live="polite" data-testid="running-task">
      <div className={styles.line}>
        <LoadingOutlined className={styles.icon} />
        <span className={styles.label}>{label}</span>
        <Typography.Text type="secondary" className={styles.elapsed}>已用 {seconds} 秒</Typography.Text>
        {onCancel && (
          <Button size="small" icon={<StopOutlined />} loading={cancelling} disabled={cancelling} onClick={() => void cancel()}>
            {cancelling ? '正在取消' : '取消'}
          </Button>
        )}
      </div>
      {progress && (
        <div className={styles.progress}>
          {percent !== null && <Progress percent={percent} size="small" className={styles.bar} />}
          <Typography.Text type="secondary">
            {progress.message || (total ? `进度 ${progress.progress} / ${total}` : `进度 ${progress.progress}`)}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}
