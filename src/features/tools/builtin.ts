import { BarChartOutlined, DatabaseOutlined, ExperimentOutlined, FileSearchOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';

/** A built-in tool: what it does, and the screen or chat mode that runs it. */
export type BuiltinTool = {
  key: string;
  title: string;
  description: string;
  icon: ComponentType;
  /** Route to open (with the chat mode in the query where it is a chat). */
  to: string;
  /** Function point the user must hold for it to be offered. */
  func: string;
};

/** The built-in set: each opens its own screen or chat in the right mode. */
export const BUILTIN_TOOLS: BuiltinTool[] = [
  {
    key: 'testcase', title: '用例生成', description: '上传需求文档，按需求条目生成带边界值和异常路径的测试用例',
    icon: ExperimentOutlined, to: '/testCase', func: '/testCase',
  },
  {
    key: 'excel', title: '表格分析', description: '上传 Excel 或 CSV，用自然语言统计、筛选并生成图表',
    icon: BarChartOutlined, to: '/chatWindow?mode=chat_excel', func: '/chatWindow',
  },
  {
    key: 'database', title: '数据库查询', description: '对已授权的数据库连接提问，只读查询并以表格和图表展示',
    icon: DatabaseOutlined, to: '/chatWindow?mode=chat_with_db_execute', func: '/chatWindow',
  },
  {
    key: 'knowledge', title: '知识检索', description: '在您可查看的知识空间中检索并回答，注明引用出处',
    icon: FileSearchOutlined, to: '/chatWindow?mode=chat_knowledge', func: '/chatWindow',
  },
];
