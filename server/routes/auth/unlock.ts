import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCOUNT_PATHS, CODE_FORBIDDEN, ERROR_TEXTS, PlatformEnvelope, SECADMIN_ID, SYSADMIN_ID, UnlockUserParams } from '../../../contract/api';
import type { Deps } from '../../deps';
import { badRequest, HttpError } from '../../http-error';
import { ok } from '../../http/envelope';
import { forgetFailures } from '../../identity/lockout';
import { findUserById, findUserByUsername } from '../../identity/users';
import { sessionOf } from '../../plugins/request-meta';

/**
 * PUT unlock-user (D24): the security administrator lifts the sign-in locks of anyone; the system administrator
 * only those of the security administrator, so a locked secadmin is never beyond recovery. Duties still check
 * each other: every unlock, and every refused one, is in the audit log the auditor reads.
 */
export function unlockRoute(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.put(ACCOUNT_PATHS.unlockUser, {
      config: { access: 'duty', duty: ['secadmin', 'sysadmin'], button: '/sysMgr/userMgr#unlock', audit: 'unlock' },
      schema: {
        querystring: UnlockUserParams,
        // The client may send the target as params (no body) or as a JSON body.
        body: Type.Union([UnlockUserParams, Type.Null()]),
        response: { 200: PlatformEnvelope(Type.Null()) },
      },
    }, async (request) => {
      const target = { ...request.query, ...(request.body ?? {}) };
      if (target.userId === undefined && target.username === undefined) throw badRequest('参数 userId 或 username 不能为空');
      const user = target.userId !== undefined
        ? await findUserById(deps, target.userId)
        : await findUserByUsername(deps, target.username as string);
      if (!user) throw new HttpError(404, '用户不存在');
      request.auditTarget = user.username;
      if (sessionOf(request).user.id === SYSADMIN_ID && user.id !== SECADMIN_ID) {
        request.auditDetail = '系统管理员只能解锁安全保密管理员';
        throw new HttpError(403, ERROR_TEXTS.forbidden, CODE_FORBIDDEN);
      }
      await forgetFailures(deps, user.username);
      return ok(null);
    });
  };
}
