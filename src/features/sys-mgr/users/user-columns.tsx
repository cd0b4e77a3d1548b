import { LockOutlined } from '@ant-design/icons';
import { Badge, Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { UserListItem } from '../../../../contract/api';
import { SECADMIN_ID, SYSADMIN_ID } from '../../../../contract/api/runtime';
import type { DataTableColumn } from '../../../components/data-table';

const TIME = 'YYYY-MM-DD HH:mm:ss';

/** Tag colours of the default grades (others fall back to the default tag). */
const GRADE_COLORS: Record<string, string> = { public: 'green', internal: 'blue', secret: 'orange', confidential: 'red' };

/** The per-row actions besides view / edit / delete, each present only when its button is granted. */
export type UserRowActions = {
  canDisable: boolean;
  canResetPassword: boolean;
  /** Whether the caller may lift this user's sign-in lock (the system administrator: only the security administrator's, D24). */
  canUnlock: ((user: UserListItem) => boolean) | null;
  canClearance: boolean;
  onToggleDisabled: (user: UserListItem) => void;
  onResetPassword: (user: UserListItem) => void;
  onUnlock: (user: UserListItem) => void;
  onClearance: (user: UserListItem) => void;
};

/**
 * Whose lock the caller may lift (D24): with the unlock button, the security administrator anyone's, the system
 * administrator only the security administrator's (the server refuses the rest).
 */
export function unlockRule(granted: boolean, callerId: number | undefined): UserRowActions['canUnlock'] {
  if (!granted) return null;
  return callerId === SYSADMIN_ID ? (user) => user.id === SECADMIN_ID : () => true;
}

function StatusCell({ user }: { user: UserListItem }) {
  if (user.locked) {
    const until = user.lockedUntil ? `，至 ${dayjs(user.lockedUntil).format(TIME)}` : '';
    return (
      <Tooltip title={`连续登录失败已锁定${until}`}>
        <Tag color="volcano" icon={<LockOutlined />}>已锁定</Tag>
      </Tooltip>
    );
  }
  return user.disabled ? <Badge status="default" text="停用" /> : <Badge status="success" text="启用" />;
}

function actionsColumn(a: UserRowActions): DataTableColumn<UserListItem> {
  return {
    // Fixed beside the row tools: the account actions stay in view however far the other columns scroll. 140 px holds
    // two small link buttons (停用 and 重置密码, or 设置密级 and 解锁); more wrap onto a second line.
    key: 'actions', title: '账号操作', width: 140, fixed: 'right',
    render: (_v, user) => {
      const unlock = user.locked && a.canUnlock?.(user) && (
        <Popconfirm title={`解除「${user.fullName}」的登录锁定？`} okText="确认解锁" cancelText="取消" onConfirm={() => a.onUnlock(user)}>
          <Button type="link" size="small">解锁</Button>
        </Popconfirm>
      );
      // The system accounts are otherwise managed by nobody here; say so instead of showing disabled buttons. Their
      // sign-in lock can still be lifted, so that no system account waits out a lock (D24).
      if (user.system === 'true') {
        return <Space size={0}><Tag color="geekblue" variant="filled">系统账号</Tag>{unlock}</Space>;
      }
      return (
        <Space size={0} wrap>
          {a.canDisable && (
            <Popconfirm
              title={user.disabled ? `启用用户「${user.fullName}」？` : `停用用户「${user.fullName}」？`}
              description={user.disabled ? undefined : '停用后其登录立即失效。'}
              okText="确定" cancelText="取消" onConfirm={() => a.onToggleDisabled(user)}
            >
              <Button type="link" size="small" danger={!user.disabled}>{user.disabled ? '启用' : '停用'}</Button>
            </Popconfirm>
          )}
          {a.canResetPassword && (
            <Popconfirm
              title={`重置「${user.fullName}」的密码？`} description="原密码立即失效，新密码只显示一次。"
              okText="确认重置" cancelText="取消" onConfirm={() => a.onResetPassword(user)}
            >
              <Button type="link" size="small">重置密码</Button>
            </Popconfirm>
          )}
          {a.canClearance && <Button type="link" size="small" onClick={() => a.onClearance(user)}>设置密级</Button>}
          {unlock}
        </Space>
      );
    },
  };
}

/** Columns of the user table; the account actions sit in their own column before the row tools. */
export function userColumns(actions: UserRowActions): DataTableColumn<UserListItem>[] {
  // Shown by default: what fits beside the row tools at 1440 px; the rest is one click away in 列设置.
  const columns: DataTableColumn<UserListItem>[] = [
    { key: 'username', title: '用户名', width: 104, sortable: true, ellipsis: true },
    { key: 'fullName', title: '姓名', width: 100, sortable: true, ellipsis: true },
    { key: 'deptName', title: '部门', width: 104, sortable: true, ellipsis: true },
    {
      key: 'clearance', title: '密级', width: 76, sortable: true,
      render: (_v, user) => <Tag color={GRADE_COLORS[user.clearance]}>{user.clearanceName}</Tag>,
    },
    { key: 'disabled', title: '状态', width: 86, sortable: true, render: (_v, user) => <StatusCell user={user} /> },
    {
      key: 'roles', title: '角色', width: 150, hidden: true, ellipsis: true,
      render: (_v, user) => (user.roles.length ? user.roles.map((r) => r.name).join('、') : '—'),
    },
    { key: 'position', title: '职务', width: 110, hidden: true, ellipsis: true, render: (v) => (v ? String(v) : '—') },
    { key: 'mobile', title: '手机', width: 120, hidden: true, render: (v) => (v ? String(v) : '—') },
    { key: 'phone', title: '座机', width: 130, hidden: true, render: (v) => (v ? String(v) : '—') },
    { key: 'email', title: '邮箱', width: 180, hidden: true, ellipsis: true, render: (v) => (v ? String(v) : '—') },
    { key: 'createdAt', title: '创建时间', width: 170, hidden: true, sortable: true, render: (v) => dayjs(String(v)).format(TIME) },
    { key: 'updatedAt', title: '更新时间', width: 170, hidden: true, sortable: true, render: (v) => dayjs(String(v)).format(TIME) },
  ];
  if (actions.canDisable || actions.canResetPassword || actions.canUnlock || actions.canClearance) columns.push(actionsColumn(actions));
  return columns;
}
