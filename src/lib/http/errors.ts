import { CODE_TOKEN_INVALID, STATUS_MESSAGES, messageForStatus } from '../../../contract/api/errors';

/** How a call failed: an HTTP status or business code, or at the transport. */
export type FailureKind = 'status' | 'network' | 'timeout' | 'cancel';

/** A failed call as the rest of the renderer sees it; `message` is the Chinese text of spec §8. */
export class ApiError extends Error {
  readonly kind: FailureKind;
  /** HTTP status, or the business code when the envelope carried one; null at the transport. */
  readonly status: number | null;
  /** The answer's body, when there was one. */
  readonly body: unknown;

  constructor(kind: FailureKind, message: string, status: number | null = null, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

/** Serializable form of ApiError, used as RTK Query's error type. */
export type ApiErrorInfo = { kind: FailureKind; status: number | null; message: string; body: unknown };

export function toErrorInfo(error: unknown): ApiErrorInfo {
  if (error instanceof ApiError) return { kind: error.kind, status: error.status, message: error.message, body: error.body };
  return { kind: 'network', status: null, message: error instanceof Error ? error.message : String(error), body: null };
}

/** Statuses and codes that end the session (spec §8). */
export function endsSession(status: number): boolean {
  return status === CODE_TOKEN_INVALID || status === 401 || status === 403;
}

type Body = Record<string, unknown>;

/** The server's own message in either envelope family (or a bare `msg`). */
export function serverMessage(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const b = body as Body;
  for (const field of ['message', 'err_msg', 'msg']) {
    const value = b[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

/** The business code carried by a body, as a number (`E401` → 401), or null. */
export function bodyCode(body: unknown): number | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Body;
  const raw = typeof b.code === 'number' ? b.code : b.err_code;
  if (typeof raw === 'number') return raw;
  const match = typeof raw === 'string' ? /^E?(\d+)$/.exec(raw) : null;
  return match ? Number(match[1]) : null;
}

/** The message spec §8 shows for a failed status. */
export function messageForFailure(status: number, body: unknown): string {
  if (endsSession(status)) return STATUS_MESSAGES[status];
  const message = serverMessage(body) || messageForStatus(status);
  // A server error names its request id, which finds its entry in 错误日志 (issue 27 §6).
  const id = status >= 500 && body && typeof body === 'object' ? (body as Body).requestId : undefined;
  return typeof id === 'string' && id && !message.includes(id) ? `${message}（错误编号：${id}）` : message;
}
