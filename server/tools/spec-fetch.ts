// 从 URL 导入 (issue 27 §6): the server reads an OpenAPI document from the address the administrator typed, so
// intranet documents and documents without CORS headers can be imported. The read goes through the tools' outbound
// fetch (OUTBOUND_ALLOW applies to every address, as for tool calls; private addresses are allowed, loopback and
// link-local are not unless listed), sends no credential or cookie, follows at most a few redirects and checks each
// target again, ends at the refresh timeout, and stops reading past the document cap. The text then goes through
// the same checks as a pasted document, and is given back for the dialog: nothing is stored here.
import { TOOL_LIMITS, type ToolSpecFetchResult } from '../../contract/api';
import { badRequest, HttpError } from '../http-error';
import { documentServer, openApiTools, parseOpenApi } from './openapi';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const capText = `${TOOL_LIMITS.specMaxBytes / 1024 / 1024} MB`;

/** The address as typed, checked: absolute, http(s), no user name or password in it. */
export function specAddress(raw: string, redirected = false): URL {
  const where = redirected ? '文档地址重定向到的地址' : '文档地址';
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw badRequest(`${where}不正确，请填写 http:// 或 https:// 开头的完整地址`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(`${where}只支持 http:// 或 https://（不支持 ${url.protocol}）`);
  // Nothing that authenticates is sent with the read (a document behind a login is pasted instead).
  if (url.username || url.password) throw badRequest(`${where}中不能包含用户名或密码`);
  return url;
}

/** An address as the audit log keeps it: no user name, password, query or fragment (they may carry a token). */
export function loggedAddress(raw: string): string {
  try {
    const url = new URL(raw.trim());
    return `${url.protocol}//${url.host}${url.pathname}`.slice(0, 500);
  } catch {
    return raw.replace(/\/\/[^/]*@/, '//').replace(/[?#].*$/s, '').slice(0, 500);
  }
}

/** The body up to the document cap; past it the read stops and the connection is dropped. */
async function readDocument(res: Response): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > TOOL_LIMITS.specMaxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new HttpError(502, `OpenAPI 文档超过 ${capText}，未读取`);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > TOOL_LIMITS.specMaxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(502, `OpenAPI 文档超过 ${capText}，已停止读取`);
    }
    parts.push(value);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(parts)).replace(/^\uFEFF/, '');
  } catch {
    throw badRequest('OpenAPI 文档不是 UTF-8 编码的文本');
  }
}

/** A failure of the read as the administrator reads it. */
function readFailure(err: unknown, signal: AbortSignal, timeoutMs: number): HttpError {
  const e = err as Error & { cause?: { code?: string } };
  if (e instanceof HttpError) return e;
  if (signal.aborted || e?.name === 'TimeoutError' || e?.name === 'AbortError') {
    return new HttpError(504, `读取 OpenAPI 文档超时（${timeoutMs / 1000} 秒），请检查地址或稍后重试`);
  }
  if (e?.name === 'OutboundRefused') return badRequest(e.message);
  const code = e?.cause?.code;
  if (code === 'ECONNREFUSED') return new HttpError(502, '无法连接文档地址：连接被拒绝');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new HttpError(502, '无法连接文档地址：无法解析主机名');
  if (code === 'ECONNRESET' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return new HttpError(502, `无法连接文档地址（${code}）`);
  if (code && /CERT|SSL|TLS/.test(code)) return new HttpError(502, `无法连接文档地址：证书校验失败（${code}）`);
  return new HttpError(502, `读取 OpenAPI 文档失败：${(e?.message ?? String(err)).slice(0, 200)}`);
}

/** Where the set's requests go when the document names no absolute server: its relative one against the document. */
function relativeBase(doc: Record<string, unknown>, at: URL): string {
  if (documentServer(doc)) return '';
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  const first = servers.find((s): s is { url: string } => typeof (s as { url?: unknown })?.url === 'string');
  const relative = first?.url ?? '/';
  if (relative.includes('{')) return '';
  try {
    const base = new URL(relative, at);
    return base.protocol === 'http:' || base.protocol === 'https:' ? base.toString().replace(/\/+$/, '') : '';
  } catch {
    return '';
  }
}

/**
 * Reads the document at `raw` with `outbound` (the tools' fetch: the outbound rule applied to every address) and
 * checks it as a pasted one. Redirects are followed by hand, each target checked like the first address.
 */
export async function fetchOpenApiDocument(
  outbound: typeof fetch, raw: string, timeoutMs: number = TOOL_LIMITS.refreshTimeoutMs,
): Promise<ToolSpecFetchResult> {
  let url = specAddress(raw);
  const signal = AbortSignal.timeout(timeoutMs);
  let text: string;
  try {
    let res: Response;
    for (let hops = 0; ; hops++) {
      res = await outbound(url, {
        method: 'GET', redirect: 'manual', signal,
        headers: { accept: 'application/json, application/yaml;q=0.9, text/yaml;q=0.9, */*;q=0.5', 'user-agent': 'kb-tools-openapi-import' },
      });
      if (!REDIRECTS.has(res.status)) break;
      await res.body?.cancel().catch(() => undefined);
      const location = res.headers.get('location');
      if (!location) throw new HttpError(502, `文档地址返回了 HTTP ${res.status} 重定向，但没有给出新地址`);
      if (hops >= TOOL_LIMITS.specRedirectsMax) throw new HttpError(502, `文档地址重定向次数过多（超过 ${TOOL_LIMITS.specRedirectsMax} 次）`);
      url = specAddress(new URL(location, url).toString(), true);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new HttpError(502, `文档地址返回 HTTP ${res.status}${res.status === 401 || res.status === 403 ? '（需要登录的文档请下载后上传）' : ''}`);
    }
    if (/text\/html/i.test(res.headers.get('content-type') ?? '')) {
      await res.body?.cancel().catch(() => undefined);
      throw badRequest('该地址返回的是网页（text/html），不是 OpenAPI 文档；请填写文档本身的地址（如 …/openapi.json）');
    }
    text = await readDocument(res);
  } catch (err) {
    throw readFailure(err, signal, timeoutMs);
  }
  if (!text.trim()) throw badRequest('文档地址返回的内容为空，不是 OpenAPI 文档');
  // The same checks as a pasted or uploaded document, and the same tools the set would get.
  const doc = parseOpenApi(text);
  const tools = openApiTools(doc);
  return { spec: text, url: url.toString(), tool_count: tools.length, base_url: relativeBase(doc, url) };
}
