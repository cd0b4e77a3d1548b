import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_PATHS, OAUTH_DENIED, OAUTH_LOCKED, TokenQuery, TokenResponse } from '../../../contract/api';
import type { Deps } from '../../deps';
import { HttpError } from '../../http-error';
import { readPasswords } from '../../identity/login-cipher/read-password';
import { WARN_TRIES_LEFT } from '../../identity/lockout';
import { signIn } from '../../identity/sign-in';
import { createSignInThrottle } from '../../identity/sign-in-throttle';
import { sendUnschematised } from '../../http/envelope';
import { requestMeta } from '../../plugins/request-meta';

/** 登录尝试过于频繁 with the wait in minutes or seconds. */
export function throttledMessage(seconds: number): string {
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} 分钟` : `${seconds} 秒`;
  return `登录尝试过于频繁，请 ${wait}后再试`;
}

/** Access token denied; near the lock it also says how many tries remain (the same for unknown names, D92). */
export function deniedBody(triesLeft: number) {
  if (triesLeft > WARN_TRIES_LEFT) return OAUTH_DENIED;
  return { ...OAUTH_DENIED, triesLeft, message: `用户名或密码错误，还可尝试 ${triesLeft} 次，之后账号将被锁定` };
}

/** GET oauth-token: the password grant (credentials in the query as the spec has it; the password may be encrypted, D91). */
export function tokenRoute(deps: Deps): FastifyPluginAsyncTypebox {
  const throttle = createSignInThrottle(deps.config);
  return async (app) => {
    app.get(AUTH_PATHS.token, {
      config: { access: 'public' },
      schema: { querystring: TokenQuery, response: { 200: TokenResponse } },
    }, async (request, reply) => {
      const { username } = request.query;
      const { password } = await readPasswords(deps, username, { password: request.query.password });
      const result = await signIn(deps, throttle, { username, password }, requestMeta(request));
      if (result.kind === 'ok') {
        return { access_token: result.token, token_type: 'bearer' as const, expires_in: result.expiresIn };
      }
      if (result.kind === 'throttled') {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw new HttpError(429, throttledMessage(result.retryAfterSeconds));
      }
      const body = result.kind === 'locked'
        ? { ...OAUTH_LOCKED, lockedUntil: result.lockedUntil.toISOString() }
        : deniedBody(result.triesLeft);
      return sendUnschematised(reply, 400, body);
    });
  };
}
