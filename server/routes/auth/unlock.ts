import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCOUNT_PATHS, MgmtEnvelope, UnlockUserParams } from '../../../contract/api';
import type { Deps } from '../../deps';
import { badRequest, HttpError } from '../../http-error';
import { ok } from '../../http/envelope';
import { unlockAccount } from '../../identity/lockout';
import { findUserById, findUserByUsername } from '../../identity/users';
import { actorOf } from '../request-meta';

/** PUT unlock-user: the security administrator lifts a sign-in lock (D4). */
export function unlockRoute(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.put(ACCOUNT_PATHS.unlockUser, {
      config: { access: 'duty', duty: 'secadmin', button: '/sysMgr/userMgr#unlock' },
      schema: {
        querystring: UnlockUserParams,
        // The client may send the target as params (no body) or as a JSON body.
        body: Type.Union([UnlockUserParams, Type.Null()]),
        response: { 200: MgmtEnvelope(Type.Null()) },
      },
    }, async (request) => {
      const target = { ...request.query, ...(request.body ?? {}) };
      if (target.userId === undefined && target.username === undefined) throw badRequest('参数 userId 或 username 不能为空');
      const user = target.userId !== undefined
        ? await findUserById(deps, target.userId)
        : await findUserByUsername(deps, target.username as string);
      if (!user) throw new HttpError(404, '用户不存在');
      await unlockAccount(deps, user.username, actorOf(request));
      return ok(null);
    });
  };
}
