import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Space, Typography } from 'antd';
import { Dialog } from '../../../components/dialog';
import styles from './UserMgrPage.module.css';

/** A one-time password to hand over: who it is for and the password itself. */
export type OneTimePassword = { title: string; username: string; fullName?: string; password: string };

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Shows a generated password once, with a copy button; it cannot be shown again after closing. */
export function PasswordDialog({ value, onClose }: { value: OneTimePassword; onClose: () => void }) {
  const { message } = App.useApp();
  const onCopy = async () => {
    if (await copy(value.password)) void message.success('已复制密码');
    else void message.warning('无法访问剪贴板，请手动选中密码复制');
  };
  return (
    <Dialog open title={value.title} width={520} height={290} footer={false} resizable={false} fullscreenable={false} onClose={onClose}>
      <Space orientation="vertical" size={14} style={{ width: '100%' }}>
        <Alert type="warning" showIcon title="初始密码只显示这一次，请立即复制并通过安全渠道交给本人。用户首次登录须修改密码。" />
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="用户名">{value.username}</Descriptions.Item>
          {value.fullName && <Descriptions.Item label="姓名">{value.fullName}</Descriptions.Item>}
          <Descriptions.Item label="初始密码">
            <Space>
              <KeyOutlined />
              <Typography.Text className={styles.password} data-testid="one-time-password" copyable={false}>
                {value.password}
              </Typography.Text>
              <Button size="small" icon={<CopyOutlined />} onClick={() => void onCopy()}>复制</Button>
            </Space>
          </Descriptions.Item>
        </Descriptions>
        <div style={{ textAlign: 'right' }}>
          <Button type="primary" onClick={onClose}>我已记下密码</Button>
        </div>
      </Space>
    </Dialog>
  );
}
