// Chat with tools (`chat_agent`, issue 15): which tools the model is offered, and the loop that lets it call them.
//
// - Offered: the enabled tools of the sets picked for the dialogue that the user is granted, whose ceiling reaches
//   the highest grade the dialogue has shown, the most relevant to the question first, within a token budget.
// - Called: every call goes through the tools' own checks again (tools/call.ts: grant, switch, arguments, timeout,
//   cap) plus the dialogue's ceiling rule; a name the model was not offered is refused, whatever it claims.
// - 写入 and 对外发送 calls wait for the user's yes, stored as a `pending` row that the confirm call settles from any
//   process; the answer's process sees the decision at once (same process) or within a poll.
// - Every call, refused ones too, is in the audit log with its argument names and size, never their values.
// - A running call can be cancelled (取消); its images go to the user only (agent-call.ts).
import { and, eq, inArray } from 'drizzle-orm';
import { AGENT_LIMITS, TOOL_MESSAGES, TOOL_RISKS, type ToolRisk } from '../../contract/api';
import { toolSets, tools } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest } from '../http-error';
import type { ModelTool } from '../llm/models';
import { modelsOf } from '../llm/models';
import { callableTool } from '../tools/call';
import { usableBy, type ToolRow, type ToolSetRow, type ToolUser } from '../tools/sets';
import { callOne, type LoopState } from './agent-call';
import type { AgentEnv, OfferedTool, Toolbox } from './agent-types';
export type { AgentEnv, OfferedTool, Toolbox } from './agent-types';
import { ceilingReason, type Grade } from './agent-grade';
export { decideToolCall } from './agent-confirm';
export { ceilingReason, dialogueGrade, gradesByCode, type Grade } from './agent-grade';
import { estimateTokens } from './history';
import type { AnswerRun } from './mode';

/** The set ids of `select_param` (comma-separated). */
export function parseSetIds(param: string | null): number[] {
  const ids = (param ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!ids.length) throw badRequest('请先选择工具集');
  if (ids.some((s) => !/^\d{1,9}$/.test(s))) throw badRequest('工具集参数格式不正确，应为逗号分隔的工具集编号');
  return [...new Set(ids.map(Number))];
}

/** The sets of `ids` the user may use (any other id: 400 as a set that does not exist) with their ceilings. */
export async function usableSets(
  deps: Pick<Deps, 'db'>, user: ToolUser, ids: number[], grades: Map<string, Grade>,
): Promise<{ set: ToolSetRow; ceiling: Grade }[]> {
  const rows = ids.length ? await deps.db.select().from(toolSets).where(inArray(toolSets.id, ids)) : [];
  const out: { set: ToolSetRow; ceiling: Grade }[] = [];
  for (const id of ids) {
    const set = rows.find((r) => r.id === id);
    if (!set || !(await usableBy(deps, user, set))) throw badRequest(TOOL_MESSAGES.setNotFound);
    out.push({ set, ceiling: grades.get(set.secrecy)! });
  }
  return out;
}

/** Bigrams of a text (lower case), for a cheap relevance of a tool to a question. */
function bigrams(text: string): Set<string> {
  const chars = Array.from(text.toLowerCase().replace(/[\s\p{P}]+/gu, ' '));
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) if (chars[i] !== ' ' && chars[i + 1] !== ' ') out.add(chars[i] + chars[i + 1]);
  return out;
}

/** A function name the OpenAI protocol accepts (^[A-Za-z0-9_-]{1,64}$), unique among the offered ones. */
function functionName(tool: ToolRow, taken: Set<string>): string {
  let name = tool.name.replace(/[^A-Za-z0-9_-]/g, '_').replace(/_+/g, '_').replace(/^_|_$/g, '').slice(0, 48) || `tool_${tool.id}`;
  if (taken.has(name)) name = `${name}_${tool.id}`;
  taken.add(name);
  return name;
}

function describe(tool: ToolRow, set: ToolSetRow): string {
  const risk = tool.risk === 'read' ? '' : `（${TOOL_RISKS[tool.risk as ToolRisk] ?? tool.risk}类工具，调用前会请用户确认）`;
  return `[${set.name}] ${tool.description || tool.name}${risk}`.slice(0, 1000);
}

export function modelToolOf(o: OfferedTool): ModelTool {
  return { type: 'function', function: { name: o.fn, description: describe(o.tool, o.set), parameters: o.tool.parameters } };
}

/** The tools offered for a question: usable sets within the ceiling, the most relevant tools that fit the budget. */
export async function toolboxFor(
  deps: Pick<Deps, 'db'>, sets: { set: ToolSetRow; ceiling: Grade }[], grade: Grade | null, question: string,
): Promise<Toolbox> {
  const blocked: Toolbox['blocked'] = [];
  const allowed = new Map<number, ToolSetRow>();
  for (const s of sets) {
    const reason = ceilingReason({ name: s.set.name, ceiling: s.ceiling }, grade);
    if (reason) blocked.push({ set: s.set, reason });
    else allowed.set(s.set.id, s.set);
  }
  const rows = allowed.size
    ? await deps.db.select().from(tools).where(and(inArray(tools.setId, [...allowed.keys()]), eq(tools.enabled, true))).orderBy(tools.id)
    : [];
  const blockedNames = new Map<string, string>();
  if (blocked.length) {
    const kept = await deps.db.select({ name: tools.name, setId: tools.setId }).from(tools).where(inArray(tools.setId, blocked.map((b) => b.set.id)));
    for (const t of kept) {
      const reason = blocked.find((b) => b.set.id === t.setId)!.reason;
      blockedNames.set(t.name, reason);
      blockedNames.set(functionName({ name: t.name, id: 0 } as ToolRow, new Set()), reason);
    }
  }
  const asked = bigrams(question);
  const ranked = rows
    .map((tool) => {
      const own = bigrams(`${tool.name} ${tool.description}`);
      let score = 0;
      for (const g of own) if (asked.has(g)) score++;
      return { tool, score };
    })
    .sort((a, b) => b.score - a.score || a.tool.id - b.tool.id);
  const taken = new Set<string>();
  const offered: OfferedTool[] = [];
  let used = 0;
  for (const { tool } of ranked) {
    if (offered.length >= AGENT_LIMITS.toolsOffered) break;
    const set = allowed.get(tool.setId)!;
    const cost = estimateTokens(JSON.stringify(modelToolOf({ fn: tool.name, tool, set })));
    if (used + cost > AGENT_LIMITS.toolTokenBudget) continue;
    used += cost;
    offered.push({ fn: functionName(tool, taken), tool, set });
  }
  return { offered, blocked, leftOut: rows.length - offered.length, blockedNames };
}

// ---------------------------------------------------------------------------------------------------------------
// The loop.

/** Starts waiting for the request after the next one; answers what marks the next one sent. */
function nextRequest(state: Pick<LoopState, 'sent' | 'markSent'>): () => void {
  const markSent = state.markSent;
  let resolve!: () => void;
  state.sent = new Promise<void>((r) => (resolve = r));
  state.markSent = resolve;
  return markSent;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}\n（结果过长，已截断）` : text);

/** Runs the model and its tool calls until it answers without calling, within AGENT_LIMITS.maxSteps turns. */
export async function* runAgent(env: AgentEnv, io: AnswerRun): AsyncGenerator<string> {
  const models = modelsOf(env.deps.config);
  const messages = [...env.messages];
  const byFn = new Map(env.box.offered.map((o) => [o.fn, o]));
  const offeredTools = env.box.offered.map(modelToolOf);
  let length = 0;
  let seq = 0;
  const state: LoopState = { writes: [], checks: new Map(), sent: Promise.resolve(), markSent: () => undefined };
  nextRequest(state);
  if (env.notice) {
    length += env.notice.length;
    yield env.notice;
  }
  try {
    yield* turns();
  } finally {
    // The calls' rows and audit records are written off the path between the model and the tools; all are stored
    // before the answer is.
    state.markSent();
    await Promise.all(state.writes);
  }

  async function* turns(): AsyncGenerator<string> {
  for (let step = 0; ; step++) {
    const toolsNow = step < AGENT_LIMITS.maxSteps ? offeredTools : [];
    state.checks = new Map();
    const onToolName = (name: string) => {
      const offered = byFn.get(name);
      if (!offered || state.checks.has(offered.tool.id)) return;
      const check = callableTool(env.deps, env.user, offered.tool.id);
      check.catch(() => undefined);
      state.checks.set(offered.tool.id, check);
    };
    // This request is the one the last turn's bookkeeping waits for; failing that (another transport), its first
    // piece of answer.
    const sent = nextRequest(state);
    const turn = models.streamTurn(io.model, messages, toolsNow, { temperature: io.temperature, maxTokens: io.maxTokens, onToolName, onRequestSent: sent }, io.signal);
    let text = '';
    let next = await turn.next().finally(sent);
    for (; !next.done; next = await turn.next()) {
      text += next.value;
      length += next.value.length;
      yield next.value;
    }
    const calls = next.value;
    if (!calls.length) return;
    messages.push({ role: 'assistant', content: text, tool_calls: calls });
    for (const call of calls) {
      const content = await callOne(env, state, byFn, call, { offset: length, seq: seq++, round: io.round }, io);
      messages.push({ role: 'tool', tool_call_id: call.id, content: cut(content, AGENT_LIMITS.resultToModelChars) });
    }
  }
  }
}
