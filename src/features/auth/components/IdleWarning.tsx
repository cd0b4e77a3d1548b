import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';

export type IdleWarningProps = {
  /** When the session ends unless answered (ms since the epoch). */
  endsAt: number;
  onContinue: () => void;
  onLeave: () => void;
};

/** The warning before the idle logout (D92): a countdown, 继续使用 or 退出登录. */
export function IdleWarning({ endsAt, onContinue, onLeave }: IdleWarningProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return (
    <Modal
      open
      title="即将退出登录"
      closable={false}
      maskClosable={false}
      keyboard={false}
      width={420}
      footer={[
        <Button key="leave" onClick={onLeave}>退出登录</Button>,
        <Button key="continue" type="primary" onClick={onContinue} autoFocus>继续使用</Button>,
      ]}
    >
      <p>即将因长时间未操作退出，继续使用？</p>
      <p role="timer" aria-live="polite">{seconds} 秒后将自动退出登录，未提交的输入会保存为草稿。</p>
    </Modal>
  );
}
