import type { ChatMode } from '../../../contract/api';

/** The modes offered by the switch; database chat (chat_with_db_*) comes with its own issue. */
export const MODE_OPTIONS: { value: ChatMode; label: string; hint: string }[] = [
  { value: 'chat_normal', label: '普通对话', hint: '与大模型自由对话；上传文件后按文件内容回答' },
  { value: 'chat_knowledge', label: '知识库问答', hint: '从所选知识空间检索并注明出处' },
  { value: 'chat_excel', label: '表格问答', hint: '上传 xlsx / csv，用自然语言查询表格' },
];

/** What a mode's parameter select is called; modes without one are absent. */
export const PARAM_LABELS: Partial<Record<ChatMode, string>> = {
  chat_knowledge: '知识空间',
  chat_excel: '数据表',
};

export function modeLabel(mode: string): string {
  return MODE_OPTIONS.find((m) => m.value === mode)?.label ?? mode;
}
