import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Skeleton, Space, Tag, Typography } from 'antd';
import type { UserInfo } from '../../../contract/api';
import { useMyDetailQuery } from '../../features/profile/api';

function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** 欢迎 card: name, roles and clearance of the signed-in user. */
export function WelcomeCard({ user }: { user: UserInfo | null }) {
  const { data, isLoading } = useMyDetailQuery();
  const roles = data?.roles ?? user?.roles ?? [];
  return (
    <Card data-testid="welcome-card">
      <Space size={20} align="center">
        <Avatar size={64} icon={<UserOutlined />} style={{ background: '#1677ff' }} />
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {greeting(new Date().getHours())}，{user?.fullName || user?.username}
          </Typography.Title>
          <Space size={[6, 6]} wrap style={{ marginTop: 10 }}>
            <Typography.Text type="secondary">角色：</Typography.Text>
            {roles.length ? roles.map((r) => <Tag key={r.id} color="blue">{r.name}</Tag>) : <Typography.Text type="secondary">暂无</Typography.Text>}
            <Typography.Text type="secondary" style={{ marginInlineStart: 12 }}>密级：</Typography.Text>
            {isLoading ? <Skeleton.Button active size="small" /> : <Tag color="gold">{data?.clearance.text ?? '未知'}</Tag>}
          </Space>
        </div>
      </Space>
    </Card>
  );
}
