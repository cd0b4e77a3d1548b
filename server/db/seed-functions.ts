/** One function point to seed, with its buttons (code → name). */
export type SeedFunction = {
  path: string;
  name: string;
  icon: string;
  type: 1 | 2;
  parent?: string;
  hidden?: boolean;
  buttons?: Record<string, string>;
};

/** Function type of the business area (knowledge, chat, databases, tools). */
export const FUNC_TYPE_BUSINESS = 1;
/** Function type of the management area (/sysMgr, /implConfigMgr). */
export const FUNC_TYPE_MANAGEMENT = 2;

const CRUD = { add: '新增', edit: '编辑', delete: '删除' };

/** The function points of the product, in menu order. */
export const SEED_FUNCTIONS: SeedFunction[] = [
  { path: '/knowledgeBase', name: '知识库', icon: 'iconfont icon_zhishiku', type: 1, buttons: { ...CRUD } },
  {
    path: '/knowledgeList', name: '文档列表', icon: 'iconfont icon_wendang', type: 1, parent: '/knowledgeBase', hidden: true,
    buttons: { upload: '上传文档', edit: '编辑', delete: '删除', refresh: '刷新', retry: '重新处理' },
  },
  { path: '/chatWindow', name: '智能问答', icon: 'iconfont icon_wenda', type: 1, buttons: { upload: '上传文件' } },
  { path: '/sqlBase', name: '数据库', icon: 'iconfont icon_shujuku', type: 1, buttons: { ...CRUD, test: '测试连接' } },
  { path: '/toolsBase', name: '工具库', icon: 'iconfont icon_gongju', type: 1, buttons: { ...CRUD } },
  { path: '/toolsList', name: '工具列表', icon: 'iconfont icon_gongju', type: 1, parent: '/toolsBase', hidden: true },
  { path: '/testCase', name: '用例生成', icon: 'iconfont icon_yongli', type: 1, buttons: { add: '新建生成', edit: '管理任务', export: '导出' } },
  { path: '/sysMgr', name: '系统管理', icon: 'iconfont icon_xitong', type: 2 },
  { path: '/sysMgr/index', name: '系统管理首页', icon: 'iconfont icon_shouye', type: 2, parent: '/sysMgr', hidden: true },
  {
    path: '/sysMgr/userMgr', name: '人员管理', icon: 'iconfont icon_renyuan', type: 2, parent: '/sysMgr',
    buttons: {
      ...CRUD, disable: '停用', resetPassword: '重置密码', import: '导入', license: '许可查询',
      unlock: '解锁', clearance: '设置密级',
    },
  },
  {
    path: '/sysMgr/roleMgr', name: '角色管理', icon: 'iconfont icon_jiaose', type: 2, parent: '/sysMgr',
    buttons: { ...CRUD, grant: '授权', assign: '分配人员' },
  },
  { path: '/sysMgr/logMgr', name: '日志管理', icon: 'iconfont icon_rizhi', type: 2, parent: '/sysMgr', buttons: { view: '查看', export: '导出' } },
  { path: '/sysMgr/deptMgr', name: '部门管理', icon: 'iconfont icon_bumen', type: 2, parent: '/sysMgr', buttons: { ...CRUD } },
  {
    path: '/sysMgr/dictMgr', name: '字典管理', icon: 'iconfont icon_zidian', type: 2, parent: '/sysMgr',
    buttons: { ...CRUD, disable: '停用' },
  },
  { path: '/sysMgr/errorLog', name: '错误日志', icon: 'iconfont icon_cuowu', type: 2, parent: '/sysMgr', buttons: { export: '导出' } },
  { path: '/sysMgr/statistics', name: '统计', icon: 'iconfont icon_tongji', type: 2, parent: '/sysMgr', buttons: { export: '导出' } },
  { path: '/implConfigMgr', name: '实施配置', icon: 'iconfont icon_peizhi', type: 2 },
  {
    path: '/implConfigMgr/funcMgr', name: '功能点管理', icon: 'iconfont icon_gongnengdian', type: 2, parent: '/implConfigMgr',
    buttons: { ...CRUD, addButton: '新增按钮', editButton: '编辑按钮', deleteButton: '删除按钮' },
  },
];

/** A role's grants: function path → button codes ('*' = all buttons of the function). */
export type SeedGrants = Record<string, string[] | '*'>;

/** Roles of the three system accounts, granted by duty (三员分立). */
export const SYSTEM_ROLES: { userId: number; name: string; description: string; grants: SeedGrants }[] = [
  {
    userId: -1, name: '系统管理员', description: '部门、人员与功能点管理',
    grants: {
      '/sysMgr': [], '/sysMgr/index': [], '/sysMgr/deptMgr': '*',
      '/sysMgr/userMgr': ['add', 'edit', 'delete', 'disable', 'resetPassword', 'import', 'license', 'unlock'],
      '/implConfigMgr': [], '/implConfigMgr/funcMgr': '*', '/sysMgr/dictMgr': '*', '/sysMgr/errorLog': '*',
      // 统计 shows each system account the figures of its own duty (issue 27 §6): here 系统运行.
      '/sysMgr/statistics': '*',
    },
  },
  {
    userId: -2, name: '安全保密管理员', description: '角色授权、密级与解锁',
    grants: {
      '/sysMgr': [], '/sysMgr/index': [], '/sysMgr/roleMgr': '*', '/sysMgr/userMgr': ['unlock', 'clearance'],
      // 统计: 安全保密 figures only (issue 27 §6).
      '/sysMgr/statistics': '*',
    },
  },
  {
    userId: -3, name: '安全审计员', description: '审计日志查看与导出',
    grants: { '/sysMgr': [], '/sysMgr/index': [], '/sysMgr/logMgr': '*', '/sysMgr/statistics': '*' },
  },
];
