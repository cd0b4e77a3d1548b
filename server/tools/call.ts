// Calling a tool, the one place every call goes through (the 试用 panel and, later, chat): the tool must exist
// in a set the user is granted and be switched on, 写入 and 对外发送 tools need the user's confirmation, the
// arguments must match the tool's schema, the call ends at its timeout and its answer is cut at the size cap.
// A refused call says why; the route puts the reason, never the argument values, in the audit log.
import { Ajv, type ValidateFunction } from 'ajv';
import { eq } from 'drizzle-orm';
import { TOOL_LIMITS, TOOL_MESSAGES, type ToolCallProgress } from '../../contract/api';
import { tools, toolSets } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest, HttpError } from '../http-error';
import { mcpCall } from './mcp';
import { openApiRequest, type OpenApiTarget } from './openapi';
import { setBase } from './origin';
import { readCapped } from './outbound-fetch';
import type { ToolImage } from './result-content';
import { credentialHeaders, mcpEndpoint, setFetch, usableBy, type ToolRow, type ToolSetRow, type ToolUser } from './sets';

/** Why a call was refused, for the audit log. */
export class ToolRefused extends HttpError {}

/** The call was cancelled (取消, or the answer it ran for was stopped) before the tool answered. */
export class ToolCancelled extends HttpError {
  constructor() {
    super(409, TOOL_MESSAGES.cancelled);
  }
}

/** What a call that ran answered: text (cut at the cap) and images (within their caps), apart. */
export type ToolRunResult = { content: string; truncated: boolean; is_error: boolean; duration_ms: number; images: ToolImage[] };

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

function validatorOf(tool: ToolRow): ValidateFunction {
  const key = `${tool.id}:${JSON.stringify(tool.parameters)}`;
  let v = validators.get(key);
  if (!v) {
    try {
      v = ajv.compile(tool.parameters);
    } catch {
      // A schema Ajv cannot read still takes an object.
      v = ajv.compile({ type: 'object' });
    }
    if (validators.size > 1000) validators.clear();
    validators.set(key, v);
  }
  return v;
}

/** The tool and its set if the user may call it; otherwise 403/404 with the reason. */
export async function callableTool(deps: Deps, user: ToolUser, toolId: number): Promise<{ tool: ToolRow; set: ToolSetRow }> {
  const [found] = await deps.db.select({ tool: tools, set: toolSets }).from(tools).innerJoin(toolSets, eq(toolSets.id, tools.setId)).where(eq(tools.id, toolId));
  if (!found) throw new ToolRefused(404, TOOL_MESSAGES.toolNotFound);
  // Not granted: the same answer as a tool that does not exist (no probing of other sets).
  if (!(await usableBy(deps, user, found.set))) throw new ToolRefused(404, TOOL_MESSAGES.toolNotFound);
  if (!found.tool.enabled) throw new ToolRefused(403, TOOL_MESSAGES.disabled);
  return found;
}

/** Argument names and size only, for the audit log: values can be personal or secret. */
export function argumentSummary(args: Record<string, unknown>): string {
  const keys = Object.keys(args);
  return `参数 ${keys.length ? keys.slice(0, 20).join('、') : '无'}（${Buffer.byteLength(JSON.stringify(args))} 字节）`;
}

/** The audit detail of a call that ran. */
export function resultSummary(args: Record<string, unknown>, r: ToolRunResult): string {
  const images = r.images.length ? `；图片 ${r.images.length} 张（${r.images.reduce((n, i) => n + i.data.byteLength, 0)} 字节）` : '';
  return `${argumentSummary(args)}；结果 ${Buffer.byteLength(r.content)} 字节${r.truncated ? '（已截断）' : ''}${images}；耗时 ${r.duration_ms} ms${r.is_error ? '；工具返回错误' : ''}`;
}

/** Checks the arguments against the tool's schema; a Chinese message names the first problem. */
export function checkArguments(tool: ToolRow, args: Record<string, unknown>): void {
  if (Buffer.byteLength(JSON.stringify(args)) > TOOL_LIMITS.argumentsMaxBytes) throw badRequest('调用参数过大（不能超过 64 KB）');
  const validate = validatorOf(tool);
  if (validate(args)) return;
  const e = validate.errors?.[0];
  const where = e?.instancePath ? e.instancePath.slice(1).replaceAll('/', '.') : '';
  if (e?.keyword === 'required') throw badRequest(`缺少参数：${(e.params as { missingProperty: string }).missingProperty}`);
  if (e?.keyword === 'type') throw badRequest(`参数 ${where || '（整体）'} 的类型不正确，应为 ${(e.params as { type: string }).type}`);
  if (e?.keyword === 'enum') throw badRequest(`参数 ${where} 的取值不在允许范围内`);
  throw badRequest(`参数 ${where || '（整体）'} 不符合要求：${e?.message ?? ''}`);
}

function capped(text: string, truncated: boolean): { content: string; truncated: boolean } {
  const bytes = Buffer.from(text);
  if (bytes.byteLength <= TOOL_LIMITS.resultMaxBytes) return { content: text, truncated };
  return { content: new TextDecoder().decode(bytes.subarray(0, TOOL_LIMITS.resultMaxBytes)).replace(/\uFFFD$/, ''), truncated: true };
}

/** The answer of a timed-out or failed call, as a user reads it. */
function failure(err: unknown): never {
  const e = err as Error & { cause?: { code?: string } };
  if (e instanceof HttpError) throw e;
  if (e?.name === 'OutboundRefused') throw badRequest(e.message);
  if (e?.name === 'ResponseTooLarge') throw new HttpError(502, e.message);
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || /timed out|timeout/i.test(e?.message ?? '')) {
    throw new HttpError(504, `工具调用超时（${TOOL_LIMITS.callTimeoutMs / 1000} 秒）`);
  }
  if (e?.cause?.code === 'ECONNREFUSED') throw new HttpError(502, '无法连接工具服务：连接被拒绝');
  throw new HttpError(502, `工具调用失败：${(e?.message ?? String(err)).slice(0, 200)}`);
}

export type RunToolOptions = {
  /** The user's yes for 写入 / 对外发送. */
  confirmed: boolean;
  timeoutMs?: number;
  /** The caller has just run callableTool and checkArguments for this call (chat with tools). */
  checked?: { tool: ToolRow; set: ToolSetRow };
  /** Cancels the call (取消, the answer stopped): the request to the tool is aborted, and ToolCancelled thrown. */
  signal?: AbortSignal;
  /** An MCP tool's progress notifications. */
  onProgress?: (progress: ToolCallProgress) => void;
};

/** Runs a tool the user may call, with checked arguments. */
export async function runTool(
  deps: Deps, user: ToolUser, toolId: number, args: Record<string, unknown>, options: RunToolOptions,
): Promise<ToolRunResult & { tool: ToolRow; set: ToolSetRow }> {
  const { tool, set } = options.checked ?? (await callableTool(deps, user, toolId));
  if (tool.risk !== 'read' && !options.confirmed) throw new ToolRefused(409, TOOL_MESSAGES.needConfirm);
  if (!options.checked) checkArguments(tool, args);
  const timeoutMs = options.timeoutMs ?? TOOL_LIMITS.callTimeoutMs;
  const { signal } = options;
  if (signal?.aborted) throw new ToolCancelled();
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    if (set.kind === 'mcp') {
      const { text, images, isError } = await mcpCall(mcpEndpoint(deps, set), tool.name, args, { timeoutMs, signal, onProgress: options.onProgress });
      return { ...capped(text, false), images, is_error: isError, duration_ms: took(), tool, set };
    }
    const { url, init } = openApiRequest(setBase(set), tool.target as unknown as OpenApiTarget, args);
    init.headers = { ...(init.headers as Record<string, string>), ...credentialHeaders(deps, set) };
    // The set's fetch refuses any origin but the credential's; the body is read up to the cap and within the time.
    const ends = AbortSignal.timeout(timeoutMs);
    const res = await setFetch(deps, set, false)(url, { ...init, redirect: 'error', signal: signal ? AbortSignal.any([signal, ends]) : ends });
    const { text, truncated } = await readCapped(res, deps.config.toolResponseMaxBytes);
    let content = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && !truncated) {
      try {
        content = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // Not JSON after all: the text as it came.
      }
    }
    const out = capped(res.ok ? content : `HTTP ${res.status}${content ? `\n${content}` : ''}`, truncated);
    return { ...out, images: [], is_error: !res.ok, duration_ms: took(), tool, set };
  } catch (err) {
    if (signal?.aborted) throw new ToolCancelled();
    failure(err);
  }
}
