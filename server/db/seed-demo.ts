import type { SeedGrants } from './seed-functions';

/** Demo departments under the root (id -2, 总部): name → parent name (undefined = root). */
export const DEMO_DEPARTMENTS: { name: string; parent?: string }[] = [
  { name: '研发中心' },
  { name: '软件研发部', parent: '研发中心' },
  { name: '测试部', parent: '研发中心' },
  { name: '市场部' },
  { name: '综合管理部' },
];

/** Demo roles and their grants. */
export const DEMO_ROLES: { name: string; description: string; grants: SeedGrants }[] = [
  {
    name: '研发人员', description: '知识库、智能问答、数据库与工具库',
    grants: {
      '/knowledgeBase': ['add', 'edit', 'delete'], '/knowledgeList': ['upload', 'edit', 'delete', 'refresh', 'retry'],
      '/chatWindow': '*', '/sqlBase': ['test'], '/toolsBase': [], '/toolsList': [], '/testCase': '*',
    },
  },
  {
    name: '市场人员', description: '知识库与智能问答',
    grants: { '/knowledgeBase': [], '/knowledgeList': ['upload', 'refresh'], '/chatWindow': '*' },
  },
  {
    name: '部门负责人', description: '业务功能全部权限',
    grants: { '/knowledgeBase': '*', '/knowledgeList': '*', '/chatWindow': '*', '/sqlBase': '*', '/toolsBase': '*', '/toolsList': '*', '/testCase': '*' },
  },
];

/** Demo users: username, name, department, clearance code, roles. */
export const DEMO_USERS: { username: string; fullName: string; dept: string; clearance: string; roles: string[] }[] = [
  { username: 'demo', fullName: '演示用户', dept: '软件研发部', clearance: 'secret', roles: ['研发人员'] },
  { username: 'staff', fullName: '普通员工', dept: '市场部', clearance: 'internal', roles: ['市场人员'] },
  { username: 'zhangwei', fullName: '张伟', dept: '研发中心', clearance: 'confidential', roles: ['研发人员', '部门负责人'] },
  { username: 'wangfang', fullName: '王芳', dept: '测试部', clearance: 'internal', roles: ['研发人员'] },
  { username: 'lina', fullName: '李娜', dept: '综合管理部', clearance: 'public', roles: ['市场人员'] },
];
