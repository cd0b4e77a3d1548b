import { Descriptions, Tag } from 'antd';
import dayjs from 'dayjs';
import type { UserListItem } from '../../../../contract/api';
import { Dialog } from '../../../components/dialog';

const TIME = 'YYYY-MM-DD HH:mm:ss';
const or = (v: string) => v || '—';

function status(user: UserListItem): string {
  if (user.locked) return `已锁定${user.lockedUntil ? `（至 ${dayjs(user.lockedUntil).format(TIME)}）` : ''}`;
  return user.disabled ? '停用' : '启用';
}

/** Everything the list knows about one user, read-only. */
export function UserViewDialog({ user, onClose }: { user: UserListItem; onClose: () => void }) {
  return (
    <Dialog open title={`用户详情：${user.fullName}`} width={720} height={400} footer={false} onClose={onClose}>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label="用户名">{user.username}</Descriptions.Item>
        <Descriptions.Item label="姓名">
          {user.fullName} {user.system === 'true' && <Tag color="geekblue">系统账号</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="所属部门">{or(user.deptName)}</Descriptions.Item>
        <Descriptions.Item label="职务">{or(user.position)}</Descriptions.Item>
        <Descriptions.Item label="手机">{or(user.mobile)}</Descriptions.Item>
        <Descriptions.Item label="座机">{or(user.phone)}</Descriptions.Item>
        <Descriptions.Item label="邮箱" span={2}>{or(user.email)}</Descriptions.Item>
        <Descriptions.Item label="角色" span={2}>{user.roles.length ? user.roles.map((r) => r.name).join('、') : '—'}</Descriptions.Item>
        <Descriptions.Item label="密级">{user.clearanceName}</Descriptions.Item>
        <Descriptions.Item label="状态">{status(user)}</Descriptions.Item>
        <Descriptions.Item label="初始密码">{user.mustChangePassword ? '未修改（登录时须修改）' : '已修改'}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{dayjs(user.createdAt).format(TIME)}</Descriptions.Item>
        <Descriptions.Item label="备注" span={2}>{or(user.remark)}</Descriptions.Item>
      </Descriptions>
    </Dialog>
  );
}
