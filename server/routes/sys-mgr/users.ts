import { gradeChange } from '../../identity/audit-format';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ClearanceBody, PlatformEnvelope, ResetPasswordResult, USER_PATHS, UserCreateBody, UserIdParams, UserListItem, UserListQuery,
  UsernameQuery, UserPage, UserUpdateBody, UserWithPassword,
} from '../../../contract/api';
import type { Deps } from '../../deps';
import { HttpError } from '../../http-error';
import { ok } from '../../http/envelope';
import { findUserById, findUserByUsername } from '../../identity/users';
import { listUsers, userItem } from '../../sys-mgr/users/user-list';
import {
  createUser, deleteUser, requireUser, resetPassword, setClearance, setDisabled, updateUser,
} from '../../sys-mgr/users/user-service';
import { actorOf } from '../../plugins/request-meta';

const PAGE = '/sysMgr/userMgr';
// The list is read by the system administrator (personnel) and the security administrator (clearance, unlock, members).
const READERS = [PAGE, '/sysMgr/roleMgr'];
const byId = { params: UserIdParams };

async function itemOrThrow(deps: Deps, id: number) {
  const item = await userItem(deps, id);
  if (!item) throw new HttpError(404, '用户不存在');
  return item;
}

/** Personnel calls (spec §7): list, one, create, update, name check, disable/enable, delete, reset password, clearance. */
export function userRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(USER_PATHS.list, {
      config: { access: 'session', func: READERS },
      schema: { querystring: UserListQuery, response: { 200: PlatformEnvelope(UserPage) } },
    }, async (request) => ok(await listUsers(deps, request.query)));

    // Registered before `/users/:id` so the literal path wins (find-my-way prefers static segments anyway).
    app.get(USER_PATHS.nameUnique, {
      config: { access: 'session', func: PAGE },
      schema: { querystring: UsernameQuery, response: { 200: PlatformEnvelope(Type.Boolean()) } },
    }, async (request) => ok((await findUserByUsername(deps, request.query.username.trim())) === null));

    app.get(USER_PATHS.one, {
      config: { access: 'session', func: READERS },
      schema: { ...byId, response: { 200: PlatformEnvelope(UserListItem) } },
    }, async (request) => ok(await itemOrThrow(deps, request.params.id)));

    app.post(USER_PATHS.create, {
      config: { access: 'duty', duty: 'sysadmin', button: `${PAGE}#add`, audit: 'user-create' },
      schema: { body: UserCreateBody, response: { 200: PlatformEnvelope(UserWithPassword) } },
    }, async (request) => {
      request.auditTarget = request.body.username;
      const { id, password } = await createUser(deps, request.body);
      request.auditDetail = `姓名 ${request.body.fullName}`;
      return ok({ user: await itemOrThrow(deps, id), password });
    });

    app.put(USER_PATHS.update, {
      config: { access: 'duty', duty: 'sysadmin', button: `${PAGE}#edit`, audit: 'user-update' },
      schema: { body: UserUpdateBody, response: { 200: PlatformEnvelope(UserListItem) } },
    }, async (request) => {
      request.auditTarget = (await findUserById(deps, request.body.id))?.username ?? String(request.body.id);
      const user = await updateUser(deps, request.body);
      return ok(await itemOrThrow(deps, user.id));
    });

    app.delete(USER_PATHS.disableStatus, {
      config: { access: 'duty', duty: 'sysadmin', button: `${PAGE}#disable`, audit: 'user-disable' },
      schema: { ...byId, response: { 200: PlatformEnvelope(UserListItem) } },
    }, async (request) => {
      request.auditTarget = String(request.params.id);
      const user = await setDisabled(deps, request.params.id, true, actorOf(request));
      request.auditTarget = user.username;
      return ok(await itemOrThrow(deps, user.id));
    });

    app.put(USER_PATHS.disableStatus, {
      config: { access: 'duty', duty: 'sysadmin', button: `${PAGE}#disable`, audit: 'user-enable' },
      schema: { ...byId, body: Type.Union([Type.Object({}), Type.Null()]), response: { 200: PlatformEnvelope(UserListItem) } },
    }, async (request) => {
      request.auditTarget = String(request.params.id);
      const user = await setDisabled(deps, request.params.id, false, actorOf(request));
      request.auditTarget = user.username;
      return ok(await itemOrThrow(deps, user.id));
    });

    app.delete(USER_PATHS.remove, {
      config: { access: 'duty', duty: 'sysadmin', button: `${PAGE}#delete`, audit: 'user-delete' },
      schema: { ...byId, response: { 200: PlatformEnvelope(Type.Null()) } },
    }, async (request) => {
      request.auditTarget = String(request.params.id);
      const user = await deleteUser(deps, request.params.id, actorOf(request));
      request.auditTarget = user.username;
      request.auditDetail = `姓名 ${user.fullName}`;
      return ok(null);
    });

    app.post(USER_PATHS.resetPassword, {
      config: { access: 'duty', duty: 'sysadmin', button: `${PAGE}#resetPassword`, audit: 'user-reset-password' },
      schema: { ...byId, body: Type.Union([Type.Object({}), Type.Null()]), response: { 200: PlatformEnvelope(ResetPasswordResult) } },
    }, async (request) => {
      request.auditTarget = String(request.params.id);
      const { user, password } = await resetPassword(deps, request.params.id);
      request.auditTarget = user.username;
      return ok({ username: user.username, password });
    });

    app.put(USER_PATHS.clearance, {
      config: { access: 'duty', duty: 'secadmin', button: `${PAGE}#clearance`, audit: 'user-clearance' },
      schema: { ...byId, body: ClearanceBody, response: { 200: PlatformEnvelope(UserListItem) } },
    }, async (request) => {
      request.auditTarget = String(request.params.id);
      const before = await requireUser(deps, request.params.id);
      request.auditTarget = before.username;
      await setClearance(deps, before.id, request.body.clearance, actorOf(request));
      request.auditDetail = await gradeChange(deps, before.clearance, request.body.clearance);
      return ok(await itemOrThrow(deps, before.id));
    });
  };
}
