import { App, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { RoleItem, RoleListQuery } from '../../../../contract/api';
import { DataTable, PAGE_SIZE_OPTIONS, type DataTableButton, type SortItem } from '../../../components/data-table';
import { hasButton } from '../../../lib/storage';
import { useDeleteRoleMutation, useRoleListQuery } from './api';
import { GrantDialog } from './GrantDialog';
import { MembersDialog } from './MembersDialog';
import { roleColumns } from './roleColumns';
import { RoleFormDialog } from './RoleFormDialog';

const SCREEN = '/sysMgr/roleMgr';
const BUTTON_OF: Partial<Record<DataTableButton, string>> = { add: 'add', edit: 'edit', delete: 'delete', batchDelete: 'delete' };

type Open = { kind: 'form'; role: RoleItem | null } | { kind: 'grant'; role: RoleItem } | { kind: 'members'; role: RoleItem } | null;

/** 角色管理: roles with add / edit / delete, 授权 (function points and buttons) and 分配人员. */
export function RoleMgrPage() {
  const [page, setPage] = useState({ currentPage: 1, pageSize: PAGE_SIZE_OPTIONS[0] });
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<SortItem | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [remove] = useDeleteRoleMutation();
  const { message } = App.useApp();
  const query: RoleListQuery = {
    page: page.currentPage, limit: page.pageSize, ...(keyword ? { keyword } : {}),
    ...(sort ? { property: sort.property as RoleListQuery['property'], direction: sort.direction } : {}),
  };
  const { data, isFetching } = useRoleListQuery(query);
  const columns = useMemo(() => roleColumns({
    canGrant: hasButton(SCREEN, 'grant'),
    canAssign: hasButton(SCREEN, 'assign'),
    onGrant: (role) => setOpen({ kind: 'grant', role }),
    onAssign: (role) => setOpen({ kind: 'members', role }),
  }), []);

  const can = (code: DataTableButton) => {
    const button = BUTTON_OF[code];
    return button ? hasButton(SCREEN, button) : code === 'columns';
  };
  const deleteOne = async (role: RoleItem) => {
    await remove(role.id).unwrap();
    void message.success(`已删除角色“${role.name}”`);
  };
  const deleteMany = async (roles: RoleItem[]) => {
    let done = 0;
    try {
      for (const role of roles) {
        await remove(role.id).unwrap();
        done++;
      }
    } finally {
      if (done > 0) void message.success(`已删除 ${done} 个角色`);
    }
  };

  return (
    <div className="role-mgr" style={{ padding: 16 }}>
      <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 16, marginBottom: 12, flexWrap: 'wrap' }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>角色管理</Typography.Title>
          <Typography.Text type="secondary">角色决定人员可使用的功能点与按钮；授权或人员变动后，相关人员需重新登录。</Typography.Text>
        </div>
        <Input.Search
          allowClear
          placeholder="搜索角色名称或描述"
          enterButton="查询"
          style={{ width: 320 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
        />
      </div>
      <DataTable<RoleItem>
        columns={columns}
        rows={data?.list ?? []}
        loading={isFetching}
        systemField="system"
        can={can}
        onAdd={() => setOpen({ kind: 'form', role: null })}
        onEdit={(role) => setOpen({ kind: 'form', role })}
        onDelete={(role) => deleteOne(role).catch(() => undefined)}
        onBatchDelete={deleteMany}
        onSortChange={(item) => {
          setSort(item);
          setPage((p) => ({ ...p, currentPage: 1 }));
        }}
        pagination={{ ...page, totalSize: data?.total ?? 0 }}
        onPageChange={(currentPage, pageSize) => setPage({ currentPage, pageSize })}
      />
      {open?.kind === 'form' && <RoleFormDialog role={open.role} onClose={() => setOpen(null)} />}
      {open?.kind === 'grant' && <GrantDialog role={open.role} onClose={() => setOpen(null)} />}
      {open?.kind === 'members' && <MembersDialog role={open.role} onClose={() => setOpen(null)} />}
    </div>
  );
}
