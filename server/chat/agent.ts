// Chat with tools (`chat_agent`, issue 15): which tools the model is offered, and the loop that lets it call them.
//
// - Offered: the enabled tools of the sets picked for the dialogue that the user is granted, whose ceiling reaches
//   the highest grade the dialogue has shown, the most relevant to the question first, within a token budget.
// - Called: every call goes through the tools' own checks again (tools/call.ts: grant, switch, arguments, timeout,
//   cap) plus the dialogue's ceiling rule; a name the model was not offered is refused, whatever it claims.
// - 写入 and 对外发送 calls wait for the user's yes, stored as a `pending` row that the confirm call settles from any
//   process; the answer's process sees the decision at once (same process) or within a poll.
// - Every call, refused ones too, is in the audit log with its argument names and size, never their values.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AGENT_LIMITS, TOOL_MESSAGES, TOOL_RISKS, type ToolCallStatus, type ToolCallView, type ToolRisk } from '../../contract/api';
import { chatToolCalls, secrecyGrades, toolSets, tools } from '../db/schema';
import type { Actor, Deps } from '../deps';
import { badRequest, HttpError } from '../http-error';
import { writeAudit } from '../identity/audit';
import type { AgentMessage, ModelTool, ModelToolCall } from '../llm/models';
import { modelsOf } from '../llm/models';
import { argumentSummary, callableTool, checkArguments, resultSummary, runTool } from '../tools/call';
import { usableBy, type ToolRow, type ToolSetRow, type ToolUser } from '../tools/sets';
import { confirmedArguments, decision, rawArguments } from './agent-confirm';
export { decideToolCall } from './agent-confirm';
import { estimateTokens } from './history';
import type { AnswerRun } from './mode';

export type Grade = { code: string; text: string; rank: number };

/** The highest grade the dialogue has shown: its record, and the documents any of its answers drew on. */
export async function dialogueGrade(deps: Pick<Deps, 'db'>, dialogueId: number): Promise<Grade | null> {
  const result = (await deps.db.execute(sql`
    select g.code, g.text, g.rank from secrecy_grades g
    where g.code = (select shown_secrecy from chat_dialogues where id = ${dialogueId})
       or g.code in (select d.secrecy from knowledge_documents d where d.id in (
            select unnest(m.source_docs) from chat_messages m where m.dialogue_id = ${dialogueId} and m.role = 'view'))
    order by g.rank desc limit 1`)) as unknown as { rows: { code: string; text: string; rank: number }[] };
  const row = result.rows[0];
  return row ? { code: row.code, text: row.text, rank: Number(row.rank) } : null;
}

/** Why a set cannot be used in a dialogue that has shown `grade`, or null when it can. */
export function ceilingReason(set: { name: string; ceiling: Grade }, grade: Grade | null): string | null {
  if (!grade || set.ceiling.rank >= grade.rank) return null;
  return `本对话已展示「${grade.text}」级内容，高于工具集「${set.name}」的密级上限「${set.ceiling.text}」，该工具集在本对话中不再提供`;
}

/** The set ids of `select_param` (comma-separated). */
export function parseSetIds(param: string | null): number[] {
  const ids = (param ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!ids.length) throw badRequest('请先选择工具集');
  if (ids.some((s) => !/^\d{1,9}$/.test(s))) throw badRequest('工具集参数格式不正确，应为逗号分隔的工具集编号');
  return [...new Set(ids.map(Number))];
}

type OfferedTool = { fn: string; tool: ToolRow; set: ToolSetRow };

export type Toolbox = {
  offered: OfferedTool[];
  /** Sets kept out by the dialogue's grade, with the reason to show. */
  blocked: { set: ToolSetRow; reason: string }[];
  /** Enabled tools that did not fit the budget. */
  leftOut: number;
  /** Tool names of the blocked sets (as named and as a function name), with the reason a call to one is refused. */
  blockedNames: Map<string, string>;
};

/** The secrecy grades by code. */
export async function gradesByCode(deps: Pick<Deps, 'db'>): Promise<Map<string, Grade>> {
  const rows = await deps.db.select().from(secrecyGrades);
  return new Map(rows.map((g) => [g.code, { code: g.code, text: g.text, rank: g.rank }]));
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

export type AgentEnv = {
  deps: Deps;
  user: ToolUser;
  actor: Actor;
  dialogueId: number;
  grade: Grade | null;
  /** The secrecy grades by code, read once for the question. */
  grades: Map<string, Grade>;
  box: Toolbox;
  /** System prompt, history and question. */
  messages: AgentMessage[];
  /** Said at the start of the answer (sets kept out by the ceiling). */
  notice: string;
  confirmTimeoutMs?: number;
};

type Checked = Awaited<ReturnType<typeof callableTool>>;

/**
 * What one answer's loop keeps: writes still going (awaited before the answer ends); this turn's grant checks,
 * started by tool id as soon as the model has named a tool (they run while it writes the arguments); and `sent`,
 * which resolves once the model's next request has gone out (or the loop has ended): the calls' rows and audit
 * records wait for it, so no write of the embedded database, which runs on this thread, sits between a tool's answer
 * and the model's next request (D75). `markSent` resolves the current `sent`.
 */
type LoopState = { writes: Promise<unknown>[]; checks: Map<number, Promise<Checked>>; sent: Promise<void>; markSent: () => void };

/** Starts waiting for the request after the next one; answers what marks the next one sent. */
function nextRequest(state: Pick<LoopState, 'sent' | 'markSent'>): () => void {
  const markSent = state.markSent;
  let resolve!: () => void;
  state.sent = new Promise<void>((r) => (resolve = r));
  state.markSent = resolve;
  return markSent;
}

/** Resolves once the work already started on this thread has had its turn. */
const afterPendingWork = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A read call's row is first written after this long, or when the call ends. */
const RUNNING_ROW_AFTER_MS = 50;

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

type CallPlace = { offset: number; seq: number; round: number };


/** One call of the model: checked, confirmed when it writes or sends, run, recorded, shown; answers the model's input. */
async function callOne(env: AgentEnv, state: LoopState, byFn: Map<string, OfferedTool>, call: ModelToolCall, place: CallPlace, io: AnswerRun): Promise<string> {
  const { deps } = env;
  const offered = byFn.get(call.function.name);
  const view: ToolCallView = {
    id: randomUUID(), set_name: offered?.set.name ?? '', tool_name: offered?.tool.name ?? call.function.name, risk: offered?.tool.risk ?? 'read',
    arguments: rawArguments(call.function.arguments), status: 'running', result: '', is_error: false, duration_ms: null, offset: place.offset,
  };
  // The call's row: its writes are chained (insert, then updates) and, except where a decision waits on the row,
  // not awaited here; the frame goes out at once. Each write runs after `wait` and after the work already started on
  // this thread (the next request to the tool or the model) has gone out: the embedded database runs on this thread
  // too. A write stores the call as it is then, and an update that would change nothing is left out.
  let stored: string | null = null;
  let writes: Promise<unknown> = Promise.resolve();
  const write = () => {
    const values = { status: view.status, result: view.result, isError: view.is_error, durationMs: view.duration_ms };
    const key = JSON.stringify(values);
    if (key === stored) return undefined;
    const insert = stored === null;
    stored = key;
    return insert
      ? deps.db.insert(chatToolCalls).values({
        id: view.id, dialogueId: env.dialogueId, round: place.round, seq: place.seq, offset: place.offset, toolId: offered?.tool.id ?? null,
        setName: view.set_name, toolName: view.tool_name, risk: view.risk, arguments: view.arguments, ...values, createdAt: deps.now(),
      })
      : deps.db.update(chatToolCalls).set(values).where(eq(chatToolCalls.id, view.id));
  };
  // The model's request after this turn: this call's writes wait for it to have gone out.
  const afterNextRequest = state.sent;
  // A write waits for `wait`, then for that request, or, `now`, only for the work already started (a decision waits
  // on the row; a slow call is being waited for anyway).
  const persist = (wait?: Promise<unknown>, now = false): Promise<unknown> => {
    writes = writes.then(() => wait).then(() => (now ? afterPendingWork() : afterNextRequest)).then(write);
    state.writes.push(writes.catch(() => undefined));
    return writes;
  };
  const record = (change: Partial<ToolCallView>, wait?: Promise<unknown>, now = false): Promise<unknown> => {
    Object.assign(view, change);
    io.frame({ object: 'chat.tool_call', call: { ...view } });
    return persist(wait, now);
  };
  const target = offered ? `${offered.set.name} / ${offered.tool.name}` : `未提供的工具 ${call.function.name.slice(0, 64)}`;
  const audit = (result: 'success' | 'failure', detail: string): Promise<unknown> => {
    const written = afterNextRequest.then(() => writeAudit(deps, { actor: env.actor, action: 'tool-call', target, detail: `对话中调用；${detail}`, result }))
      .catch(() => undefined);
    state.writes.push(written);
    return written;
  };
  const refuse = (status: 'refused' | 'failed', reason: string, args?: Record<string, unknown>) => {
    void record({ status, result: reason, is_error: true });
    audit('failure', `${args ? `${argumentSummary(args)}；` : ''}${reason}`);
    return `调用未执行：${reason}`;
  };

  // The model (or whoever wrote its message) may only call what it was offered for this dialogue.
  if (!offered) {
    return refuse('refused', env.box.blockedNames.get(call.function.name) ?? TOOL_MESSAGES.toolNotFound);
  }
  let args: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(call.function.arguments || '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    args = parsed as Record<string, unknown>;
  } catch {
    return refuse('failed', '调用参数不是合法的 JSON 对象');
  }
  // Shown, stored and (once confirmed) run: the whole arguments as the tool will receive them.
  view.arguments = JSON.stringify(args);
  let checked: Checked | undefined;
  try {
    // Checked again for the call: a grant taken away or a tool switched off since the question. The check started
    // when the model named the tool, in this turn (a later confirmation is followed by another check).
    checked = await (state.checks.get(offered.tool.id) ?? callableTool(deps, env.user, offered.tool.id));
    const reason = ceilingReason({ name: checked.set.name, ceiling: env.grades.get(checked.set.secrecy)! }, env.grade);
    if (reason) return refuse('refused', reason, args);
    checkArguments(checked.tool, args);
  } catch (err) {
    if (err instanceof HttpError) return refuse(err.statusCode === 400 ? 'failed' : 'refused', err.message, args);
    throw err;
  }

  if (offered.tool.risk !== 'read') {
    await record({ status: 'pending' }, undefined, true);
    const decided = await decision(deps, view.id, io.signal, env.confirmTimeoutMs ?? AGENT_LIMITS.confirmTimeoutMs);
    if (decided !== 'running') {
      const said = decided === 'expired' ? '用户未在时限内确认，未调用' : '用户拒绝了这次调用';
      Object.assign(view, { status: decided, result: said, is_error: true });
      io.frame({ object: 'chat.tool_call', call: { ...view } });
      audit('failure', `${argumentSummary(args)}；${said}`);
      return `${said}。请不要再次调用它，直接告诉用户。`;
    }
    // What runs is what the user confirmed: the stored arguments, which must still be the ones shown.
    const confirmedArgs = await confirmedArguments(deps, view.id, view.arguments);
    if (!confirmedArgs) return refuse('refused', '确认的调用参数与待执行的参数不一致，未调用', args);
    args = confirmedArgs;
    view.status = 'running';
    io.frame({ object: 'chat.tool_call', call: { ...view } });
    // Confirmed after a wait: the grant and the switch are checked once more when the call is made.
    checked = undefined;
  }
  // The request to the tool goes out first. A read call's row is written when the call has taken
  // RUNNING_ROW_AFTER_MS (a reload then shows it running) or, if it answers before, once, as it ended.
  const running = runTool(deps, env.user, offered.tool.id, args, { confirmed: true, checked });
  // Shown running once the request has gone out (the tool cannot have answered by then).
  if (offered.tool.risk === 'read') {
    // Still running after RUNNING_ROW_AFTER_MS: written then (the thread only waits for the tool). Answered before:
    // written once, as it ended, after the model's next request (below).
    const slow = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, RUNNING_ROW_AFTER_MS);
      running.then(() => clearTimeout(timer), () => clearTimeout(timer));
    });
    // (A call refused before any request, e.g. by the host rule, has already been shown as failed.)
    state.writes.push(afterPendingWork().then(() => {
      if (view.status !== 'running') return undefined;
      io.frame({ object: 'chat.tool_call', call: { ...view } });
      return Promise.race([slow.then(() => persist(undefined, true)), running.then(() => undefined, () => undefined)]);
    }).catch(() => undefined));
  }
  try {
    const result = await running;
    const done = {
      status: 'done' as const, result: result.truncated ? `${result.content}\n（结果过大，已截断）` : result.content, is_error: result.is_error, duration_ms: result.duration_ms,
    };
    // The row not yet written is written as the call ended, and the audit with it, once the model's next request has
    // gone out; the frame is shown after the work already started, still before the model's answer.
    Object.assign(view, done);
    state.writes.push(afterPendingWork().then(() => Promise.all([record(done), audit('success', resultSummary(args, result))])).catch(() => undefined));
    return result.is_error ? `工具返回错误：${result.content}` : result.content;
  } catch (err) {
    if (io.signal.aborted) throw err;
    if (err instanceof HttpError) {
      void record({ status: err.statusCode === 403 || err.statusCode === 404 ? 'refused' : 'failed', result: err.message, is_error: true });
      audit('failure', `${argumentSummary(args)}；${err.message}`);
      return `调用失败：${err.message}`;
    }
    throw err;
  }
}

/** The stored calls of a dialogue's answers, by round. */
export async function toolCallsByRound(deps: Pick<Deps, 'db'>, dialogueId: number): Promise<Map<number, ToolCallView[]>> {
  const rows = await deps.db.select().from(chatToolCalls).where(eq(chatToolCalls.dialogueId, dialogueId)).orderBy(chatToolCalls.round, chatToolCalls.seq);
  const out = new Map<number, ToolCallView[]>();
  for (const r of rows) {
    const list = out.get(r.round) ?? [];
    list.push({
      id: r.id, set_name: r.setName, tool_name: r.toolName, risk: r.risk, arguments: r.arguments, status: r.status as ToolCallStatus,
      result: r.result, is_error: r.isError, duration_ms: r.durationMs, offset: r.offset,
    });
    out.set(r.round, list);
  }
  return out;
}
