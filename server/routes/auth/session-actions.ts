import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AUTH_PATHS, CODE_FORBIDDEN, ERROR_TEXTS, LogoutBody, PlatformEnvelope, PasswordChangeBody, type LogoutReason,
} from '../../../contract/api';
import type { Deps } from '../../deps';
import { badRequest } from '../../http-error';
import { ok } from '../../http/envelope';
import { writeAudit } from '../../identity/audit';
import { readPasswords } from '../../identity/login-cipher/read-password';
import { changeOwnPassword } from '../../identity/password-change';
import { revokeSession } from '../../identity/sessions';
import { actorOf, sessionOf } from '../../plugins/request-meta';

const NoQuery = Type.Object({});

const LOGOUT_DETAIL: Record<Exclude<LogoutReason, 'user'>, string> = {
  idle: '长时间未操作，客户端已退出登录',
  forbidden: `客户端收到权限拒绝（${CODE_FORBIDDEN} ${ERROR_TEXTS.forbidden}）后退出登录`,
  expired: '客户端收到登录失效后退出登录',
};
const signedIn = { access: 'session', allowDuringPasswordChange: true } as const;

/** Logout (the caller's own session only) and changing one's own password. */
export function sessionActionRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(AUTH_PATHS.logout, {
      config: signedIn,
      schema: { querystring: NoQuery, body: LogoutBody, response: { 200: PlatformEnvelope(Type.Null()) } },
    }, async (request) => {
      const session = sessionOf(request);
      if (request.body.username !== session.user.username) throw badRequest('只能退出本人的登录');
      await revokeSession(deps, session.tokenHash);
      const reason = request.body.reason ?? 'user';
      // The refusal that made the client end the session keeps its own log line (403 10011041); this row says why.
      const detail = reason === 'user' ? undefined : LOGOUT_DETAIL[reason];
      await writeAudit(deps, { actor: actorOf(request), action: 'logout', target: session.user.username, result: 'success', detail });
      return ok(null);
    });

    app.put(AUTH_PATHS.password, {
      config: signedIn,
      schema: { querystring: NoQuery, body: PasswordChangeBody, response: { 200: PlatformEnvelope(Type.Null()) } },
    }, async (request) => {
      const session = sessionOf(request);
      const passwords = await readPasswords(deps, session.user.username, request.body);
      await changeOwnPassword(deps, session, passwords, actorOf(request));
      return ok(null);
    });
  };
}
