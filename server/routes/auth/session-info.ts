import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cached } from '../../identity/identity-cache';
import { Type } from 'typebox';
import {
  AccountStrategy, AUTH_PATHS, PlatformEnvelope, ResourceGrades, RoleRef, UserDetail, UserDetailQuery, UserInfo, ValidateBody,
} from '../../../contract/api';
import type { Deps } from '../../deps';
import { badRequest } from '../../http-error';
import { ok } from '../../http/envelope';
import { gradesForClearance, grantsOfUser, rolesOfUser } from '../../identity/access';
import { activeLock } from '../../identity/lockout';
import { PASSWORD_MIN_LENGTH } from '../../passwords/policy';
import { deptName } from '../../sys-mgr/depts/dept-service';
import { sessionOf } from '../../plugins/request-meta';

const NoQuery = Type.Object({});
// Calls a session that must first change its password may still make (D2).
const signedIn = { access: 'session', allowDuringPasswordChange: true } as const;

/** validate, user-detail, profile, roles and grades of the signed-in user. */
export function sessionInfoRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(AUTH_PATHS.validate, {
      config: signedIn,
      schema: { querystring: NoQuery, body: ValidateBody, response: { 200: PlatformEnvelope(AccountStrategy) } },
    }, async (request) => {
      const { user } = sessionOf(request);
      if (request.body.username !== user.username) throw badRequest('只能查询本人账号');
      const lockedUntil = await activeLock(deps, user.username, request.ip);
      return ok({
        mustChangePassword: user.mustChangePassword,
        locked: lockedUntil !== null,
        lockedUntil: lockedUntil?.toISOString() ?? null,
        passwordMinLength: PASSWORD_MIN_LENGTH,
      });
    });

    // token and visitorId are accepted for compatibility, but the session comes only from the header.
    app.get(AUTH_PATHS.userDetail, {
      config: signedIn,
      schema: { querystring: UserDetailQuery, response: { 200: PlatformEnvelope(UserDetail) } },
    }, async (request) => {
      const { user } = sessionOf(request);
      const [roles, grants, grades] = await cached(deps.db, `detail:${user.id}:${user.clearance}`, () => Promise.all([
        rolesOfUser(deps, user.id), grantsOfUser(deps, user.id), gradesForClearance(deps, user.clearance),
      ]));
      // Kept like the rest of the identity: a rename is a write, which empties the cache on every process (D61).
      const department = await cached(deps.db, `dept:${user.deptId}`, () => deptName(deps, user.deptId));
      return ok({
        user: { id: user.id, fullName: user.fullName, username: user.username, deptId: user.deptId, roles },
        deptName: department,
        roles,
        clearance: grades.clearance,
        grades: grades.allowed,
        allFunc: grants.allFunc,
        allBtn: grants.allBtn,
        mustChangePassword: user.mustChangePassword,
      });
    });

    app.get(AUTH_PATHS.profile, {
      config: signedIn,
      schema: { querystring: NoQuery, response: { 200: PlatformEnvelope(UserInfo) } },
    }, async (request) => {
      const { user } = sessionOf(request);
      const roles = await rolesOfUser(deps, user.id);
      return ok({ id: user.id, fullName: user.fullName, username: user.username, deptId: user.deptId, roles });
    });

    app.get(AUTH_PATHS.myRoles, {
      config: signedIn,
      schema: { querystring: NoQuery, response: { 200: PlatformEnvelope(Type.Array(RoleRef)) } },
    }, async (request) => ok(await rolesOfUser(deps, sessionOf(request).user.id)));

    app.get(AUTH_PATHS.grades, {
      config: signedIn,
      schema: { querystring: NoQuery, response: { 200: PlatformEnvelope(ResourceGrades) } },
    }, async (request) => {
      const { allowed } = await gradesForClearance(deps, sessionOf(request).user.clearance);
      return ok({
        allowed: allowed.map((g) => g.code),
        lowest: allowed[0].code,
        map: Object.fromEntries(allowed.map((g) => [g.code, g.text])),
        list: allowed,
      });
    });
  };
}
