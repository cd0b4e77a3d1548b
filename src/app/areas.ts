import type { ComponentType } from 'react';

/**
 * An area of the home layout: a route the client has, its menu entry and its card on /Transit. Its icon is in
 * menu-icons.ts (AREA_ICONS), so the route table loads without the icons.
 */
export type Area = {
  key: string;
  /** Route path; also the function point path matched against allFunc ∪ otherFunc. */
  path: string;
  title: string;
  description: string;
  /** The user's own pages: open to every signed-in user, not a granted function. */
  personal?: boolean;
  /** A page reached from another area (e.g. a space's documents): a route, but no menu entry or card. */
  hidden?: boolean;
  /** The area whose menu entry stays selected on this hidden page. */
  parent?: string;
  load: () => Promise<ComponentType>;
};

/** Areas whose routes exist in the client; later features register theirs here. */
export const AREAS: Area[] = [
  {
    key: 'chatWindow',
    path: '/chatWindow',
    title: '智能问答',
    description: '与大模型对话，基于知识库、文件和表格提问，答案注明出处',
    load: () => import('../features/chat/ChatWindowPage').then((m) => m.ChatWindowPage),
  },
  {
    key: 'knowledgeBase',
    path: '/knowledgeBase',
    title: '知识库',
    description: '管理知识空间，上传文档并按密级与审核角色共享',
    load: () => import('../features/knowledge/spaces/KnowledgeBasePage').then((m) => m.KnowledgeBasePage),
  },
  {
    key: 'knowledgeList',
    path: '/knowledgeList',
    title: '文档列表',
    description: '知识空间中的文档',
    hidden: true,
    parent: '/knowledgeBase',
    load: () => import('../features/knowledge/documents/KnowledgeListPage').then((m) => m.KnowledgeListPage),
  },
  {
    key: 'sqlBase',
    path: '/sqlBase',
    title: '数据库',
    description: '连接企业数据库，用自然语言查询数据，结果以表格和图表展示',
    load: () => import('../features/sqlbase/SqlBasePage').then((m) => m.SqlBasePage),
  },
  {
    key: 'toolsBase',
    path: '/toolsBase',
    title: '工具库',
    description: '内置工具与接入的 MCP 服务、HTTP 接口，按角色和部门授权，调用有确认和审计',
    load: () => import('../features/tools/ToolsBasePage').then((m) => m.ToolsBasePage),
  },
  {
    key: 'toolsList',
    path: '/toolsList',
    title: '工具列表',
    description: '工具集中的工具',
    hidden: true,
    parent: '/toolsBase',
    load: () => import('../features/tools/ToolsListPage').then((m) => m.ToolsListPage),
  },
  {
    key: 'testCase',
    path: '/testCase',
    title: '用例生成',
    description: '上传需求文档，逐条生成可追溯到需求的测试用例',
    load: () => import('../features/testcases/TestCasePage').then((m) => m.TestCasePage),
  },
  {
    key: 'profile',
    path: '/profile',
    title: '个人中心',
    description: '查看个人信息、角色与密级，修改登录密码',
    personal: true,
    load: () => import('../features/profile/ProfilePage').then((m) => m.ProfilePage),
  },
];

/** The areas a user may enter: personal ones, and those whose path is in allFunc ∪ otherFunc. */
export function visibleAreas(allowed: ReadonlySet<string>, areas: Area[] = AREAS): Area[] {
  return areas.filter((area) => !area.hidden && (area.personal || allowed.has(area.path)));
}

/** The area a route belongs to, if any. */
export function areaOfPath(pathname: string, areas: Area[] = AREAS): Area | undefined {
  const area = areas.find((a) => pathname === a.path || pathname.startsWith(`${a.path}/`));
  return area?.parent ? (areas.find((a) => a.path === area.parent) ?? area) : area;
}
