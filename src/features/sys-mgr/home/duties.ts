import { AUDITADMIN_ID, SECADMIN_ID, SYSADMIN_ID } from '../../../../contract/api/runtime';

/** What each system account is and does (三员, ARCHITECTURE §5). */
export type SystemDuty = { role: string; summary: string; duties: string[] };

export const SYSTEM_DUTIES: Record<number, SystemDuty> = {
  [SYSADMIN_ID]: {
    role: '系统管理员',
    summary: '负责系统的日常运行维护，不参与授权与审计。',
    duties: ['管理部门与组织机构', '管理用户账号：新建、编辑、停用、重置密码、批量导入', '维护功能点（菜单与按钮）', '查看授权许可使用情况', '查看系统运行统计：活跃用户、提问、文档、模型与错误'],
  },
  [SECADMIN_ID]: {
    role: '安全保密管理员',
    summary: '负责权限与密级的授予，不参与系统运维与审计。',
    duties: ['管理角色并为角色分配功能点', '为用户分配角色、设定密级', '解锁被锁定的账号', '维护密级字典', '查看安全保密统计：登录失败、锁定、越权拒绝与密级分布'],
  },
  [AUDITADMIN_ID]: {
    role: '安全审计员',
    summary: '负责审计全部账号的操作，包括系统管理员与安全保密管理员。',
    duties: ['审查登录、退出与登录失败记录', '审查系统管理员与安全保密管理员的操作日志', '查看审计统计，包括系统管理员与安全保密管理员的操作', '发现异常时向安全保密管理员报告'],
  },
};

/** Chinese names of the management function points (spec §2). */
export const FUNCTION_NAMES: Record<string, string> = {
  '/sysMgr': '系统管理',
  '/implConfigMgr': '实施配置',
  '/sysMgr/index': '系统管理首页',
  '/sysMgr/userMgr': '人员管理',
  '/sysMgr/roleMgr': '角色管理',
  '/sysMgr/logMgr': '日志管理',
  '/sysMgr/deptMgr': '部门管理',
  '/implConfigMgr/funcMgr': '功能点管理',
};

/** The management pages offered as quick links on /sysMgr/index, with what each is for. */
export const QUICK_LINKS: { path: string; hint: string }[] = [
  { path: '/sysMgr/userMgr', hint: '账号、停用、重置密码与导入' },
  { path: '/sysMgr/deptMgr', hint: '组织机构与部门' },
  { path: '/implConfigMgr/funcMgr', hint: '菜单功能与按钮' },
  { path: '/sysMgr/roleMgr', hint: '角色、授权与人员分配' },
  { path: '/sysMgr/logMgr', hint: '全部账号的操作审计与导出' },
];
