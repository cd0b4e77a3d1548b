import type { FastifyReply } from 'fastify';
import { familyOf, PLATFORM_OK, messageForStatus, type PlatformResult } from '../../contract/api';

/** A platform-family success answer. */
export function ok<T>(results: T): PlatformResult<T> {
  return { code: PLATFORM_OK, message: '成功', results };
}

/** An AI-family success answer (DB-GPT's Result). */
export function aiOk<T>(data: T): { success: true; err_code: null; err_msg: null; data: T } {
  return { success: true, err_code: null, err_msg: null, data };
}

/** The error body of the family the path belongs to (D2). */
export function errorBody(
  url: string,
  status: number,
  options: { businessCode?: number; message?: string; requestId?: string } = {},
): Record<string, unknown> {
  const message = options.message ?? messageForStatus(options.businessCode ?? status);
  const extra = options.requestId ? { requestId: options.requestId } : {};
  if (familyOf(url) === 'ai') {
    const errCode = options.businessCode ? String(options.businessCode) : `E${status}`;
    return { success: false, err_code: errCode, err_msg: message, data: null, ...extra };
  }
  return { code: options.businessCode ?? status, message, results: null, ...extra };
}

/** Sends a body with a status that has no response schema on the route (OAuth errors, 503). */
export function sendUnschematised(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
}
