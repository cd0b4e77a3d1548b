import { Alert, App, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import type { DictOption, UserListItem } from '../../../../contract/api';
import { Dialog } from '../../../components/dialog';
import { useSetClearanceMutation } from './api';

export type ClearanceDialogProps = {
  user: UserListItem;
  grades: DictOption[];
  onClose: () => void;
};

/** The security administrator sets a user's clearance (密级); the user's sessions end with it. */
export function ClearanceDialog({ user, grades, onClose }: ClearanceDialogProps) {
  const { message } = App.useApp();
  const [clearance, setClearance] = useState(user.clearance);
  const [error, setError] = useState<string>();
  const [save] = useSetClearanceMutation();
  const onOk = async () => {
    if (!clearance) {
      setError('请选择密级');
      throw new Error('empty');
    }
    if (clearance === user.clearance) {
      onClose();
      return;
    }
    const saved = await save({ id: user.id, clearance }).unwrap();
    void message.success(`已将「${user.fullName}」的密级设为${saved.clearanceName}`);
    onClose();
  };
  return (
    <Dialog open title="设置密级" width={480} height={230} resizable={false} fullscreenable={false} onOk={onOk} onClose={onClose}>
      <Typography.Paragraph>
        用户：<Typography.Text strong>{user.fullName}</Typography.Text>（{user.username}），当前密级：{user.clearanceName}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="密级" required validateStatus={error ? 'error' : undefined} help={error}>
          <Select
            aria-label="密级"
            value={clearance}
            options={grades.map((g) => ({ value: g.id, label: g.name }))}
            onChange={(v: string) => {
              setClearance(v);
              setError(undefined);
            }}
          />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon title="保存后该用户需重新登录，只能访问不高于此密级的文档。" />
    </Dialog>
  );
}
