import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { normalizeServerAddress, type ServerAddressInfo, type ServerTestResult } from '../../contract/desktop';
import { messages } from './messages';
import type { Platform } from './types';

/** Props of the dialog that shows, tests and changes the desktop's server address. */
export type ServerAddressDialogProps = {
  open: boolean;
  info: ServerAddressInfo;
  platform: Pick<Platform, 'setServerAddress' | 'testServerAddress'>;
  /** First run: no address yet, so the dialog cannot be dismissed. */
  required: boolean;
  onCancel: () => void;
  onSaved: (info: ServerAddressInfo) => void;
};

export function ServerAddressDialog({ open, info, platform, required, onCancel, onSaved }: ServerAddressDialogProps) {
  const [value, setValue] = useState(info.address ?? '');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ServerTestResult | null>(null);
  const [busy, setBusy] = useState(false);

  const checked = () => {
    const check = normalizeServerAddress(value);
    setError(check.ok ? null : check.message);
    return check.ok ? check.address : null;
  };
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : messages.saveFailed);
    } finally {
      setBusy(false);
    }
  };
  const test = () => {
    const address = checked();
    if (address) void run(async () => setResult(await platform.testServerAddress(address)));
  };
  const save = () => {
    const address = checked();
    if (address) void run(async () => onSaved(await platform.setServerAddress(address)));
  };
  const reset = () => void run(async () => onSaved(await platform.setServerAddress(null)));

  return (
    <Modal
      open={open}
      title={messages.dialogTitle}
      closable={!required}
      mask={{ closable: false }}
      keyboard={!required}
      onCancel={onCancel}
      footer={
        <Space>
          {info.source === 'user' && info.preset ? <Button onClick={reset} disabled={busy}>{messages.resetToPreset}</Button> : null}
          <Button onClick={test} loading={busy}>{messages.test}</Button>
          {required ? null : <Button onClick={onCancel}>{messages.cancel}</Button>}
          <Button type="primary" onClick={save} loading={busy}>{messages.save}</Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{messages.dialogHint}</Typography.Text>
        <Input
          aria-label={messages.dialogTitle}
          value={value}
          placeholder={messages.placeholder}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
            setResult(null);
          }}
          onPressEnter={save}
        />
        {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
        {result ? <Alert type={result.ok ? 'success' : 'error'} showIcon title={result.message} /> : null}
        {info.preset ? <Typography.Text type="secondary">{messages.presetIs}{info.preset}</Typography.Text> : null}
      </Space>
    </Modal>
  );
}
