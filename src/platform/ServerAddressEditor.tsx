import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ServerAddressInfo } from '../../contract/desktop';
import { messages } from './messages';
import { ServerAddressDialog } from './ServerAddressDialog';
import type { Platform } from './types';

/** Props of the editor; the defaults are the running platform and a full reload after saving. */
export type ServerAddressEditorProps = {
  platform: Pick<Platform, 'getServerAddress' | 'setServerAddress' | 'testServerAddress'>;
  initial: ServerAddressInfo | null;
  /** After a change: reload so the API base URL and the page's CSP follow the new server. */
  onChanged?: () => void;
};

/** Shows the server address with a link to change it; opens the dialog by itself on first run. */
export function ServerAddressEditor({ platform: target, initial, onChanged = () => window.location.reload() }: ServerAddressEditorProps) {
  const [info, setInfo] = useState<ServerAddressInfo | null>(initial);
  const [open, setOpen] = useState(initial !== null && initial.address === null);

  useEffect(() => {
    if (initial !== null) return;
    let live = true;
    void target.getServerAddress().then((fresh) => {
      if (!live) return;
      setInfo(fresh);
      if (fresh.address === null) setOpen(true);
    });
    return () => {
      live = false;
    };
  }, [initial, target]);

  if (info === null) return null;
  const required = info.address === null;
  return (
    <>
      <Typography.Text type="secondary">
        {messages.serverLabel}
        {info.address ?? messages.notConfigured}{' '}
        <Typography.Link onClick={() => setOpen(true)}>{required ? messages.setServer : messages.change}</Typography.Link>
      </Typography.Text>
      {open ? (
        <ServerAddressDialog
          open
          info={info}
          platform={target}
          required={required}
          onCancel={() => setOpen(false)}
          onSaved={(saved) => {
            setInfo(saved);
            setOpen(false);
            onChanged();
          }}
        />
      ) : null}
    </>
  );
}
