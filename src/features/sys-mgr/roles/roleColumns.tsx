import { Button, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import type { RoleItem } from '../../../../contract/api';
import type { DataTableColumn } from '../../../components/data-table';

/** What the per-row access buttons open. */
export type RoleAccessActions = {
  canGrant: boolean;
  canAssign: boolean;
  onGrant: (role: RoleItem) => void;
  onAssign: (role: RoleItem) => void;
};

/**
 * Columns of the role table. 授权 and 分配人员 get their own column, placed before the dates so they stay in view
 * at 1280 px beside the fixed row tools.
 */
export function roleColumns(actions: RoleAccessActions): DataTableColumn<RoleItem>[] {
  const columns: DataTableColumn<RoleItem>[] = [
    {
      key: 'name', title: '角色名称', width: 200, sortable: true, ellipsis: true,
      render: (v, role) => (
        <span>
          {String(v)}
          {role.system === 'true' && <Tag color="red" variant="filled" style={{ marginInlineStart: 8 }}>系统角色</Tag>}
        </span>
      ),
    },
    { key: 'description', title: '角色描述', width: 220, ellipsis: true, render: (v) => (v ? String(v) : '—') },
    { key: 'memberCount', title: '人员数', width: 80, sortable: true, align: 'right' },
  ];
  if (actions.canGrant || actions.canAssign) {
    columns.push({
      // Two small link buttons of four characters (查看权限, 查看人员): 2 × 72 px and the cell's padding.
      key: 'access', title: '权限与人员', width: 160,
      render: (_v, role) => (
        <Space size={0}>
          {actions.canGrant && (
            <Button type="link" size="small" onClick={() => actions.onGrant(role)}>
              {role.system === 'true' ? '查看权限' : '授权'}
            </Button>
          )}
          {actions.canAssign && (
            <Button type="link" size="small" onClick={() => actions.onAssign(role)}>
              {role.system === 'true' ? '查看人员' : '分配人员'}
            </Button>
          )}
        </Space>
      ),
    });
  }
  columns.push(
    { key: 'createdAt', title: '创建时间', width: 170, sortable: true, render: (v) => dayjs(String(v)).format('YYYY-MM-DD HH:mm:ss') },
    { key: 'updatedAt', title: '更新时间', width: 170, hidden: true, render: (v) => dayjs(String(v)).format('YYYY-MM-DD HH:mm:ss') },
  );
  return columns;
}
