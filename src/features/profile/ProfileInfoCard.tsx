import { Card, Descriptions, Empty, Space, Tag } from 'antd';
import type { UserDetail } from '../../../contract/api';

/** 基本信息: who the user is, roles and clearance, and the grades they may use. */
export function ProfileInfoCard({ detail }: { detail: UserDetail }) {
  const { user, roles, clearance, grades } = detail;
  return (
    <Card title="基本信息">
      <Descriptions column={1} bordered size="middle" styles={{ label: { width: 120 } }}>
        <Descriptions.Item label="姓名">{user.fullName}</Descriptions.Item>
        <Descriptions.Item label="用户名">{user.username}</Descriptions.Item>
        <Descriptions.Item label="部门">{detail.deptName ?? '未分配部门'}</Descriptions.Item>
        <Descriptions.Item label="角色">
          {roles.length ? (
            <Space wrap size={[4, 4]}>
              {roles.map((role) => (
                <Tag key={role.id} color="blue">{role.name}</Tag>
              ))}
            </Space>
          ) : (
            '暂无角色'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="密级">
          <Tag color="gold" data-testid="profile-clearance">{clearance.text}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="可用密级">
          {grades.length ? (
            <Space wrap size={[4, 4]}>
              {[...grades].sort((a, b) => a.rank - b.rank).map((g) => (
                <Tag key={g.code}>{g.text}</Tag>
              ))}
            </Space>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可用密级" />
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
