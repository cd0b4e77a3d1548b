// chat_normal: the model with a system prompt, the history and the question, plus, when the dialogue has
// documents of its own (file chat), their passages that best match the question.
import { and, eq } from 'drizzle-orm';
import { CHAT_MESSAGES } from '../../../contract/api';
import { chatFiles } from '../../db/schema';
import { searchChatFiles, type ChatFilePassage } from '../files-search';
import type { ChatModeHandler, LlmMessage } from '../mode';

export const NORMAL_SYSTEM_PROMPT = '你是企业内部的智能助手。请用简体中文、以 Markdown 格式简洁准确地回答用户的问题；不确定时请说明，不要编造。';
/** Passages of the dialogue's own files given with a question. */
export const FILE_PASSAGES = 5;

function withFiles(question: string, passages: ChatFilePassage[]): string {
  const context = passages.map((p, i) => `[${i + 1}] 《${p.fileName}》\n${p.content}`).join('\n\n');
  return `以下是用户在本对话中上传的文件里与问题最相关的内容：\n${context}\n\n请结合上述内容回答，引用时用 [编号] 标注来源。\n问题：${question}`;
}

function fallbackWithFiles(passages: ChatFilePassage[]): string {
  const list = passages.map((p, i) => `**[${i + 1}] ${p.fileName}**（相关度 ${p.score}）\n\n${p.content.split('\n').map((l) => `> ${l}`).join('\n')}`);
  return `${CHAT_MESSAGES.noModel}\n\n以下是本对话上传的文件中与问题最相关的内容：\n\n${list.join('\n\n')}`;
}

export const normalMode: ChatModeHandler = {
  mode: 'chat_normal',
  async prepare(ctx) {
    // Most dialogues have no files: the pipeline usually knows already; otherwise one cheap look before searching.
    const hasFiles = ctx.dialogue.hasDocumentFiles ?? (await ctx.deps.db.select({ id: chatFiles.id }).from(chatFiles)
      .where(and(eq(chatFiles.dialogueId, ctx.dialogue.id), eq(chatFiles.kind, 'document'), eq(chatFiles.status, 'FINISHED'))).limit(1)).length > 0;
    const passages = hasFiles ? await searchChatFiles(ctx.deps, ctx.dialogue.id, ctx.question, FILE_PASSAGES) : [];
    const messages: LlmMessage[] = [
      { role: 'system', content: NORMAL_SYSTEM_PROMPT },
      ...ctx.history,
      { role: 'user', content: passages.length ? withFiles(ctx.question, passages) : ctx.question },
    ];
    return { messages, ...(passages.length ? { fallback: fallbackWithFiles(passages) } : {}) };
  },
};
