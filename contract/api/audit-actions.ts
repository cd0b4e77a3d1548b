// Audit operation types and their Chinese names (the log screen's filter and column). TypeBox-free.

export const AUDIT_ACTIONS = {
  login: '登录',
  logout: '退出登录',
  lock: '账号锁定',
  'login-throttle': '登录限流',
  unlock: '账号解锁',
  'password-change': '修改密码',
  'user-disable': '停用用户',
  'user-enable': '启用用户',
  'user-roles': '变更用户角色',
  'user-clearance': '设置密级',
  'user-create': '新增用户',
  'user-update': '编辑用户',
  'user-delete': '删除用户',
  'user-reset-password': '重置密码',
  'user-import': '导入用户',
  'dept-create': '新增部门',
  'dept-update': '编辑部门',
  'dept-delete': '删除部门',
  'role-create': '新增角色',
  'role-update': '编辑角色',
  'role-delete': '删除角色',
  'role-members': '分配人员',
  'role-grants': '角色授权',
  'func-create': '新增功能点',
  'func-update': '编辑功能点',
  'func-delete': '删除功能点',
  'button-create': '新增按钮',
  'button-update': '编辑按钮',
  'button-delete': '删除按钮',
  'log-export': '导出日志',
  'space-create': '新建知识空间',
  'space-update': '编辑知识空间',
  'space-delete': '删除知识空间',
  'doc-upload': '上传文档',
  'doc-update': '编辑文档',
  'doc-delete': '删除文档',
  'dialogue-delete': '删除对话',
  'chat-file-upload': '对话上传文件',
  'testcase-generate': '新建用例生成',
  'testcase-tasks': '管理用例任务',
  'testcase-edit': '编辑用例',
  'testcase-export': '导出用例',
  'db-create': '新增数据库连接',
  'db-update': '编辑数据库连接',
  'db-delete': '删除数据库连接',
  'db-test': '测试数据库连接',
  'db-query': '数据库查询',
} as const;

export type AuditActionCode = keyof typeof AUDIT_ACTIONS;

/** The Chinese name of an operation type (the code itself when unknown). */
export function auditActionName(code: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[code] ?? code;
}
