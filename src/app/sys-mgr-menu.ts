import type { ComponentType } from 'react';

/** An entry of the management side menu (spec §2: /sysMgr/userMgr, roleMgr, logMgr, deptMgr, funcMgr). */
export type ManagementEntry = {
  path: string;
  title: string;
  icon: ComponentType;
  load: () => Promise<ComponentType>;
};

/**
 * Management pages whose routes exist in the client. The management issue registers
 * 人员管理, 角色管理, 日志管理, 部门管理 and 功能点管理 here; /sysMgr/index is hidden from the menu (spec §2).
 */
export const SYS_MGR_ENTRIES: ManagementEntry[] = [];

/** The entries the account holds in allFunc. */
export function visibleEntries(allFunc: ReadonlySet<string>, entries: ManagementEntry[] = SYS_MGR_ENTRIES): ManagementEntry[] {
  return entries.filter((entry) => allFunc.has(entry.path));
}
