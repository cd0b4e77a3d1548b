import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import type { Credentials } from '../useSignIn';

export type LoginFormProps = {
  loading: boolean;
  error: string | null;
  onSubmit: (values: Credentials) => void;
};

/** 用户名, 密码 and 登录; the failure of the last attempt above the button. */
export function LoginForm({ loading, error, onSubmit }: LoginFormProps) {
  return (
    <Form<Credentials> name="login" layout="vertical" size="large" requiredMark={false} onFinish={onSubmit} autoComplete="on">
      <Form.Item
        label="用户名"
        name="username"
        rules={[
          { required: true, whitespace: true, message: '请输入用户名' },
          { max: 64, message: '用户名不能超过 64 个字符' },
        ]}
      >
        <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" data-testid="login-username" autoFocus />
      </Form.Item>
      <Form.Item
        label="密码"
        name="password"
        rules={[
          { required: true, message: '请输入密码' },
          { max: 128, message: '密码不能超过 128 个字符' },
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} data-testid="login-error" style={{ marginBottom: 16 }} />}
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
