// chat_normal: the model with a system prompt, the history and the question (plus, when the dialogue has
// processed documents of its own, their best passages).
import type { ChatModeHandler, LlmMessage } from '../mode';

export const NORMAL_SYSTEM_PROMPT = '你是企业内部的智能助手。请用简体中文、以 Markdown 格式简洁准确地回答用户的问题；不确定时请说明，不要编造。';

export const normalMode: ChatModeHandler = {
  mode: 'chat_normal',
  async prepare(ctx) {
    // TODO(chat-files): add the best passages of the dialogue's FINISHED document files (server/chat/files-search.ts).
    const messages: LlmMessage[] = [{ role: 'system', content: NORMAL_SYSTEM_PROMPT }, ...ctx.history, { role: 'user', content: ctx.question }];
    return { messages };
  },
};
