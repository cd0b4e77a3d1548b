import { ImportOutlined } from '@ant-design/icons';
import { App, Button, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { UserListItem } from '../../../../contract/api';
import { ROOT_DEPT_ID } from '../../../../contract/api/runtime';
import { DataTable, PAGE_SIZE_OPTIONS, type DataTableButton, type SortItem } from '../../../components/data-table';
import { LayoutContainer } from '../../../components/layout-container';
import { getUserInfo, hasButton } from '../../../lib/storage';
import { useGradeOptionsQuery, useLicenseQuery, useUserDeptTreeQuery, useUserListQuery } from './api';
import { ClearanceDialog } from './ClearanceDialog';
import { ImportDialog } from './ImportDialog';
import { LicenseSummary } from './LicenseSummary';
import { PasswordDialog, type OneTimePassword } from './PasswordDialog';
import { unlockRule, userColumns } from './user-columns';
import { searchFilters, type UserSearch } from './user-filters';
import { UserDeptTree } from './UserDeptTree';
import { UserFormDialog, type UserDialogTarget } from './UserFormDialog';
import styles from './UserMgrPage.module.css';
import { UserSearchBar } from './UserSearchBar';
import { UserViewDialog } from './UserViewDialog';
import { useUserActions } from './useUserActions';

const SCREEN = '/sysMgr/userMgr';
const BUTTON_OF: Partial<Record<DataTableButton, string>> = { add: 'add', edit: 'edit', delete: 'delete', batchDelete: 'delete' };
/** Table buttons: view and the column drawer for everyone who reaches the screen, the rest by grant. */
const can = (code: DataTableButton) => (code === 'view' || code === 'columns' ? true : hasButton(SCREEN, BUTTON_OF[code] ?? code));

type Open =
  | { kind: 'form'; target: UserDialogTarget }
  | { kind: 'view'; user: UserListItem }
  | { kind: 'clearance'; user: UserListItem }
  | { kind: 'import' }
  | null;

/** 人员管理: the department tree on the left filters the user table on the right. */
export function UserMgrPage() {
  const { message } = App.useApp();
  const [dept, setDept] = useState<{ id: number; name: string }>({ id: ROOT_DEPT_ID, name: '' });
  const [search, setSearch] = useState<UserSearch>({});
  const [page, setPage] = useState({ currentPage: 1, pageSize: PAGE_SIZE_OPTIONS[0] });
  const [sort, setSort] = useState<SortItem | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [password, setPassword] = useState<OneTimePassword | null>(null);
  const actions = useUserActions(setPassword);

  const filters = searchFilters(search);
  const list = useUserListQuery({
    page: page.currentPage,
    limit: page.pageSize,
    ...(filters.length ? { filters: JSON.stringify(filters) } : {}),
    ...(dept.id !== ROOT_DEPT_ID ? { deptId: dept.id } : {}),
    ...(search.status === 'locked' ? { locked: true } : {}),
    ...(sort ? { sorting: JSON.stringify(sort) } : {}),
  });
  const tree = useUserDeptTreeQuery();
  const grades = useGradeOptionsQuery();
  const showLicense = hasButton(SCREEN, 'license');
  const license = useLicenseQuery(undefined, { skip: !showLicense });
  const columns = useMemo(() => userColumns({
    canDisable: hasButton(SCREEN, 'disable'),
    canResetPassword: hasButton(SCREEN, 'resetPassword'),
    canUnlock: unlockRule(hasButton(SCREEN, 'unlock'), getUserInfo()?.id),
    canClearance: hasButton(SCREEN, 'clearance'),
    onToggleDisabled: (user) => void actions.toggleDisabled(user).catch(() => undefined),
    onResetPassword: (user) => void actions.resetPassword(user).catch(() => undefined),
    onUnlock: (user) => void actions.unlock(user).catch(() => undefined),
    onClearance: (user) => setOpen({ kind: 'clearance', user }),
  }), [actions]);

  const toFirstPage = () => setPage((p) => ({ ...p, currentPage: 1 }));
  const onSaved = (user: UserListItem, oneTime?: OneTimePassword) => {
    setOpen(null);
    if (oneTime) setPassword(oneTime);
    else void message.success(`已保存用户「${user.fullName}」`);
  };

  const tableTitle = dept.id === ROOT_DEPT_ID || !dept.name ? '全部人员' : dept.name;
  const center = (
    <div className={styles.main}>
      <div className={styles.card}>
        <UserSearchBar grades={grades.data ?? []} onSearch={(s) => { setSearch(s); toFirstPage(); }} />
      </div>
      <section className={`${styles.card} ${styles.grow}`} aria-label="人员列表">
        <div className={styles.head}>
          <Typography.Title level={5} className={styles.title}>
            {tableTitle}
            <Typography.Text type="secondary" className={styles.subtitle}>共 {list.data?.total ?? 0} 人</Typography.Text>
          </Typography.Title>
          {showLicense && <LicenseSummary license={license.data} />}
        </div>
        <DataTable<UserListItem>
          columns={columns}
          rows={list.data?.list ?? []}
          loading={list.isFetching}
          systemField="system"
          selection={hasButton(SCREEN, 'delete') ? 'multiple' : 'none'}
          can={can}
          onAdd={() => setOpen({ kind: 'form', target: { mode: 'create', deptId: dept.id } })}
          onView={(user) => setOpen({ kind: 'view', user })}
          onEdit={(user) => setOpen({ kind: 'form', target: { mode: 'edit', id: user.id } })}
          onDelete={(user) => actions.deleteOne(user).catch(() => undefined)}
          onBatchDelete={actions.deleteMany}
          onSortChange={(s) => { setSort(s); toFirstPage(); }}
          pagination={{ ...page, totalSize: list.data?.total ?? 0 }}
          onPageChange={(currentPage, pageSize) => setPage({ currentPage, pageSize })}
          toolbarExtra={hasButton(SCREEN, 'import') && (
            <Button icon={<ImportOutlined />} onClick={() => setOpen({ kind: 'import' })}>导入</Button>
          )}
        />
      </section>
    </div>
  );

  return (
    <div className={styles.page}>
      <LayoutContainer
        left={{
          title: <Typography.Text strong>部门</Typography.Text>,
          size: 200,
          collapsible: true,
          // Below 1400 px the table needs the room; the tree is one click away.
          defaultCollapsed: window.innerWidth < 1400,
          resizable: true,
          content: (
            <section className={styles.treeCard} aria-label="部门筛选">
              <UserDeptTree
                tree={tree.data}
                loading={tree.isFetching}
                selectedId={dept.id}
                onSelect={(id, name) => { setDept({ id, name }); toFirstPage(); }}
              />
            </section>
          ),
        }}
        center={center}
      />
      {open?.kind === 'form' && <UserFormDialog target={open.target} onClose={() => setOpen(null)} onSaved={onSaved} />}
      {open?.kind === 'view' && <UserViewDialog user={open.user} onClose={() => setOpen(null)} />}
      {open?.kind === 'clearance' && <ClearanceDialog user={open.user} grades={grades.data ?? []} onClose={() => setOpen(null)} />}
      {open?.kind === 'import' && <ImportDialog onClose={() => setOpen(null)} />}
      {password && <PasswordDialog value={password} onClose={() => setPassword(null)} />}
    </div>
  );
}
