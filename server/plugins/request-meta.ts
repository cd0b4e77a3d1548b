import type { FastifyRequest } from 'fastify';
import type { Actor } from '../deps';
import { HttpError } from '../http-error';
import type { AuthSession } from '../identity/sessions';

/** Where a request comes from, for sessions and the audit log. */
export function requestMeta(request: FastifyRequest): { ip: string; userAgent: string } {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : '' };
}

/** The caller's session; the access hook guarantees it on non-public routes. */
export function sessionOf(request: FastifyRequest): AuthSession {
  if (!request.auth) throw new HttpError(401, '登录信息无效，请重新登录');
  return request.auth;
}

/** The caller as an audit actor. */
export function actorOf(request: FastifyRequest): Actor {
  const user = request.auth?.user;
  return { id: user?.id ?? null, username: user?.username ?? '', ...requestMeta(request) };
}
