// One tool call of chat with tools (`chat_agent`): checked again where it happens (offered, granted, switched on,
// the dialogue's ceiling, arguments), confirmed by the user when it writes or sends, run, shown in the stream as it
// goes (running with the tool's progress, then its end), stored, and audited without argument values. A running
// call can be cancelled (取消, from any process): the request to the tool is aborted, the call stored as 已取消, and
// the model told so, so the answer goes on. The images of a tool's answer go to the user (inline in the stream,
// stored with the call), never to the model, whose input names them only.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AGENT_LIMITS, TOOL_MESSAGES, type ToolCallImage, type ToolCallProgress, type ToolCallView } from '../../contract/api';
import { chatToolCalls } from '../db/schema';
import { HttpError } from '../http-error';
import { writeAudit } from '../identity/audit';
import type { ModelToolCall } from '../llm/models';
import { argumentSummary, callableTool, checkArguments, resultSummary, runTool, ToolCancelled } from '../tools/call';
import { cancellableCall } from '../tools/cancel';
import type { ToolImage } from '../tools/result-content';
import type { AgentEnv, OfferedTool } from './agent-types';
import { confirmedArguments, decision, rawArguments } from './agent-confirm';
import { ceilingReason } from './agent-grade';
import type { AnswerRun } from './mode';
import { storeToolImages } from './tool-call-rows';

export type Checked = Awaited<ReturnType<typeof callableTool>>;

/**
 * What one answer's loop keeps: writes still going (awaited before the answer ends); this turn's grant checks,
 * started by tool id as soon as the model has named a tool (they run while it writes the arguments); and `sent`,
 * which resolves once the model's next request has gone out (or the loop has ended): the calls' rows and audit
 * records wait for it, so no write of the embedded database, which runs on this thread, sits between a tool's answer
 * and the model's next request (D75). `markSent` resolves the current `sent`.
 */
export type LoopState = { writes: Promise<unknown>[]; checks: Map<number, Promise<Checked>>; sent: Promise<void>; markSent: () => void };

export type CallPlace = { offset: number; seq: number; round: number };

/** Resolves once the work already started on this thread has had its turn. */
const afterPendingWork = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A read call's row is first written after this long, or when the call ends. */
const RUNNING_ROW_AFTER_MS = 50;
/** A tool's progress notifications are shown at most this often. */
const PROGRESS_FRAME_MS = 250;

const imagesOf = (images: ToolImage[], withData: boolean): ToolCallImage[] =>
  images.map((i) => ({ mime_type: i.mimeType, size: i.data.byteLength, ...(withData ? { data: i.data.toString('base64') } : {}) }));

/** One call of the model: checked, confirmed when it writes or sends, run, recorded, shown; answers the model's input. */
export async function callOne(env: AgentEnv, state: LoopState, byFn: Map<string, OfferedTool>, call: ModelToolCall, place: CallPlace, io: AnswerRun): Promise<string> {
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
  const show = (extra: Partial<ToolCallView> = {}) => io.frame({ object: 'chat.tool_call', call: { ...view, ...extra } });
  const record = (change: Partial<ToolCallView>, wait?: Promise<unknown>, now = false): Promise<unknown> => {
    Object.assign(view, change);
    show();
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
      show();
      audit('failure', `${argumentSummary(args)}；${said}`);
      return `${said}。请不要再次调用它，直接告诉用户。`;
    }
    // What runs is what the user confirmed: the stored arguments, which must still be the ones shown.
    const confirmedArgs = await confirmedArguments(deps, view.id, view.arguments);
    if (!confirmedArgs) return refuse('refused', '确认的调用参数与待执行的参数不一致，未调用', args);
    args = confirmedArgs;
    view.status = 'running';
    show();
    // Confirmed after a wait: the grant and the switch are checked once more when the call is made.
    checked = undefined;
  }
  // Cancellable from here (取消 in the answer, or the answer stopped), by the dialogue's owner only.
  const cancel = cancellableCall(`dialogue:${env.dialogueId}`, view.id);
  let shownProgressAt = 0;
  const onProgress = (progress: ToolCallProgress) => {
    if (view.status !== 'running') return;
    view.progress = progress;
    if (performance.now() - shownProgressAt < PROGRESS_FRAME_MS) return;
    shownProgressAt = performance.now();
    show();
  };
  const started = performance.now();
  // The request to the tool goes out first. A read call's row is written when the call has taken
  // RUNNING_ROW_AFTER_MS (a reload then shows it running) or, if it answers before, once, as it ended.
  const running = runTool(deps, env.user, offered.tool.id, args, { confirmed: true, checked, signal: AbortSignal.any([io.signal, cancel.signal]), onProgress });
  running.then(cancel.done, cancel.done);
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
      show();
      return Promise.race([slow.then(() => persist(undefined, true)), running.then(() => undefined, () => undefined)]);
    }).catch(() => undefined));
  }
  try {
    const result = await running;
    const done = {
      status: 'done' as const, result: result.truncated ? `${result.content}\n（结果过大，已截断）` : result.content, is_error: result.is_error,
      duration_ms: result.duration_ms, ...(result.images.length ? { images: imagesOf(result.images, false) } : {}),
    };
    // The row not yet written is written as the call ended, its images after it, and the audit with it, once the
    // model's next request has gone out; the frame (with the images' data) is shown after the work already started,
    // still before the model's answer.
    delete view.progress;
    Object.assign(view, done);
    state.writes.push(afterPendingWork().then(() => {
      show(result.images.length ? { images: imagesOf(result.images, true) } : {});
      const row = persist().then(() => storeToolImages(deps, view.id, result.images));
      return Promise.all([row, audit('success', resultSummary(args, result))]);
    }).catch(() => undefined));
    return result.is_error ? `工具返回错误：${result.content}` : result.content;
  } catch (err) {
    if (err instanceof ToolCancelled) {
      // 取消 by the user: the model is told and answers on. The answer stopped: the call ends with it.
      const stopped = io.signal.aborted;
      const said = stopped ? '回答已停止，调用已中止' : '用户取消了这次调用';
      delete view.progress;
      void record({ status: 'cancelled', result: said, is_error: true, duration_ms: Math.round(performance.now() - started) });
      audit('failure', `${argumentSummary(args)}；${said}`);
      if (stopped) throw err;
      return `${said}，没有得到结果。请不要再次调用它，直接告诉用户调用已取消。`;
    }
    if (io.signal.aborted) throw err;
    if (err instanceof HttpError) {
      void record({ status: err.statusCode === 403 || err.statusCode === 404 ? 'refused' : 'failed', result: err.message, is_error: true });
      audit('failure', `${argumentSummary(args)}；${err.message}`);
      return `调用失败：${err.message}`;
    }
    throw err;
  }
}
