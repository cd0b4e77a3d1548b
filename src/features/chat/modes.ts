import { CHAT_MODE_FUNCTIONS, CHAT_MODE_NAMES } from '../../../contract/api/runtime';
import { getAllowedPaths } from '../../lib/storage';
import type { ChatMode } from '../../../contract/api';

/** The modes offered by the switch. */
export const MODE_OPTIONS: { value: ChatMode; label: string; hint: string }[] = [
  { value: 'chat_normal', label: CHAT_MODE_NAMES.chat_normal, hint: '与大模型自由对话；上传文件后按文件内容回答' },
  { value: 'chat_knowledge', label: CHAT_MODE_NAMES.chat_knowledge, hint: '从所选知识空间检索并注明出处' },
  { value: 'chat_excel', label: CHAT_MODE_NAMES.chat_excel, hint: '上传 xlsx / csv，用自然语言查询表格' },
  { value: 'chat_with_db_execute', label: CHAT_MODE_NAMES.chat_with_db_execute, hint: '用自然语言查询所选数据库，结果以表格和图表展示（只读）' },
  { value: 'chat_with_db_qa', label: CHAT_MODE_NAMES.chat_with_db_qa, hint: '询问所选数据库的表结构、字段含义与写法，不执行查询' },
  { value: 'chat_agent', label: CHAT_MODE_NAMES.chat_agent, hint: '选择工具集，由大模型调用工具完成任务；写入或对外发送的调用须您确认后才执行' },
];

/** What a mode's parameter select is called; modes without one are absent. */
export const PARAM_LABELS: Partial<Record<ChatMode, string>> = {
  chat_knowledge: '知识空间',
  chat_excel: '数据表',
  chat_with_db_execute: '数据库',
  chat_with_db_qa: '数据库',
  chat_agent: '工具集',
};

export function modeLabel(mode: string): string {
  return MODE_OPTIONS.find((m) => m.value === mode)?.label ?? mode;
}

/**
 * The modes the account may use: those needing a page function (数据库, 工具库) only with it. The server refuses
 * them anyway (D89); the switch does not offer what would be refused.
 */
export function allowedModeOptions(allowed: ReadonlySet<string> = getAllowedPaths()): typeof MODE_OPTIONS {
  return MODE_OPTIONS.filter((m) => {
    const needed = CHAT_MODE_FUNCTIONS[m.value];
    return !needed || allowed.has(needed);
  });
}
