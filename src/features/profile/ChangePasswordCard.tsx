import { Button, Card, Form, Input } from 'antd';
import { getUserInfo } from '../../lib/storage';
import { confirmPasswordRules, newPasswordRules, passwordRulesHint } from '../../lib/password-rules';
import { encryptPasswords } from '../auth/login-cipher';
import { useChangeOwnPasswordMutation } from './api';
import { useAppMessage } from '../../lib/use-app-message';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

/** 修改密码: old, new (at least 8), confirmation. */
export function ChangePasswordCard() {
  const [form] = Form.useForm<Values>();
  const [change, { isLoading }] = useChangeOwnPasswordMutation();
  const message = useAppMessage();

  async function submit({ oldPassword, newPassword }: Values) {
    let body: { oldPassword: string; newPassword: string };
    try {
      // Never in clear (D91): encrypted for this account with a fresh nonce from the server.
      body = await encryptPasswords(getUserInfo()?.username ?? '', { oldPassword, newPassword });
    } catch (e) {
      void message.error(e instanceof Error && /[\u4e00-\u9fff]/.test(e.message) ? e.message : '修改密码失败', 5);
      return;
    }
    const result = await change(body);
    if ('error' in result) {
      const reason = (result.error as { message?: string } | undefined)?.message;
      void message.error(reason || '修改密码失败', 5);
      return;
    }
    form.resetFields();
    void message.success('密码已修改，下次登录请使用新密码');
  }

  return (
    <Card title="修改密码">
      <Form form={form} layout="vertical" name="change-password" onFinish={(v) => void submit(v)} style={{ maxWidth: 420 }}>
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" value={getUserInfo()?.username ?? ''} readOnly hidden />
        <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="newPassword" dependencies={['oldPassword']} rules={newPasswordRules()} extra={passwordRulesHint()}>
          <Input.Password autoComplete="new-password" placeholder="至少 8 位" />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirmPassword" dependencies={['newPassword']} rules={confirmPasswordRules()}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
