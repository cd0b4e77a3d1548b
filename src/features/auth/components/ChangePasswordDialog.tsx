import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { confirmPasswordRules, newPasswordRules, passwordRulesHint } from '../../../lib/password-rules';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

export type ChangePasswordDialogProps = {
  minLength: number;
  /** Resolves to an error message to show, or null when done. */
  onSubmit: (oldPassword: string, newPassword: string) => Promise<string | null>;
  onCancel: () => void;
};

/** The password change forced before the first sign-in completes. */
export function ChangePasswordDialog({ minLength, onSubmit, onCancel }: ChangePasswordDialogProps) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    setError(await onSubmit(values.oldPassword, values.newPassword));
    setSaving(false);
  }

  return (
    <Modal
      open
      title="修改初始密码"
      okText="确认修改"
      cancelText="取消"
      confirmLoading={saving}
      mask={{ closable: false }}
      onOk={() => void submit()}
      onCancel={onCancel}
    >
      <Alert type="info" showIcon title="为保障账号安全，首次登录须先修改密码" style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" name="forced-password">
        <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="newPassword" dependencies={['oldPassword']} rules={newPasswordRules(minLength)} extra={passwordRulesHint(minLength)}>
          <Input.Password autoComplete="new-password" placeholder={`至少 ${minLength} 位`} />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirmPassword" dependencies={['newPassword']} rules={confirmPasswordRules()}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
