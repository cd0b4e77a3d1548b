import type { ComponentType } from 'react';

/**
 * An entry of the management side menu (spec §2: /sysMgr/userMgr, roleMgr, logMgr, deptMgr, funcMgr). Its icon is in
 * sys-mgr-icons.ts (MANAGEMENT_ICONS), so the route table loads without the icons.
 */
export type ManagementEntry = {
  path: string;
  title: string;
  load: () => Promise<ComponentType>;
};

/**
 * The management pages (spec §2), in menu order; /sysMgr/index is hidden from the menu. Paths are absolute:
 * function-point management lives under /implConfigMgr but shares the management layout.
 */
export const SYS_MGR_ENTRIES: ManagementEntry[] = [
  {
    path: '/sysMgr/userMgr', title: '人员管理',
    load: () => import('../features/sys-mgr/users/UserMgrPage').then((m) => m.UserMgrPage),
  },
  {
    path: '/sysMgr/roleMgr', title: '角色管理',
    load: () => import('../features/sys-mgr/roles/RoleMgrPage').then((m) => m.RoleMgrPage),
  },
  {
    path: '/sysMgr/logMgr', title: '日志管理',
    load: () => import('../features/sys-mgr/logs/LogMgrPage').then((m) => m.LogMgrPage),
  },
  {
    path: '/sysMgr/deptMgr', title: '部门管理',
    load: () => import('../features/sys-mgr/depts/DeptMgrPage').then((m) => m.DeptMgrPage),
  },
  {
    path: '/sysMgr/dictMgr', title: '字典管理',
    load: () => import('../features/sys-mgr/dicts/DictMgrPage').then((m) => m.DictMgrPage),
  },
  {
    path: '/sysMgr/errorLog', title: '错误日志',
    load: () => import('../features/sys-mgr/errors/ErrorLogPage').then((m) => m.ErrorLogPage),
  },
  {
    path: '/sysMgr/statistics', title: '统计',
    load: () => import('../features/sys-mgr/statistics/StatisticsPage').then((m) => m.StatisticsPage),
  },
  {
    path: '/implConfigMgr/funcMgr', title: '功能点管理',
    load: () => import('../features/sys-mgr/funcs/FuncMgrPage').then((m) => m.FuncMgrPage),
  },
];

/** The entries the account holds in allFunc. */
export function visibleEntries(allFunc: ReadonlySet<string>, entries: ManagementEntry[] = SYS_MGR_ENTRIES): ManagementEntry[] {
  return entries.filter((entry) => allFunc.has(entry.path));
}
