// chat_agent: the model with the tools of the sets picked for the dialogue (`select_param`: their ids), which it
// calls through the OpenAI tools protocol; the loop, the checks and the confirmations are in chat/agent.ts.
import { dialogueGrade, gradesByCode, parseSetIds, runAgent, toolboxFor, usableSets } from '../agent';
import { toolUserFor } from '../../tools/sets';
import type { ChatModeHandler } from '../mode';

export const AGENT_SYSTEM_PROMPT = [
  '你是企业内部的智能助手，可以调用提供给你的工具完成用户的任务。',
  '需要查询数据或执行操作时调用合适的工具，不要编造工具的结果；工具返回错误、调用被拒绝或未执行时，如实告诉用户。',
  '写入或对外发送类的工具会先请用户确认。请用简体中文、以 Markdown 格式简洁地回答。',
].join('');

export const agentMode: ChatModeHandler = {
  mode: 'chat_agent',
  async prepare(ctx) {
    const { deps } = ctx;
    const user = await toolUserFor(deps, ctx.user);
    const grades = await gradesByCode(deps);
    const sets = await usableSets(deps, user, parseSetIds(ctx.dialogue.selectParam), grades);
    const grade = await dialogueGrade(deps, ctx.dialogue.id);
    const box = await toolboxFor(deps, sets, grade, ctx.question);
    // The chat says why a set is missing: its ceiling is below what the dialogue has shown.
    const notice = box.blocked.length ? `${box.blocked.map((b) => `> ${b.reason}。`).join('\n>\n')}\n\n` : '';
    const messages = [
      { role: 'system' as const, content: AGENT_SYSTEM_PROMPT },
      ...ctx.history,
      { role: 'user' as const, content: ctx.question },
    ];
    const actor = ctx.actor ?? { id: ctx.user.id, username: ctx.user.username, ip: '', userAgent: '' };
    return {
      messages,
      run: (io) => runAgent({ deps, user, actor, dialogueId: ctx.dialogue.id, grade, grades, box, messages, notice }, io),
    };
  },
};
