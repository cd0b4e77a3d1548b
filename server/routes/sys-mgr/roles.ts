import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  PlatformEnvelope, ROLE_PATHS, RoleCreateBody, RoleGrants, RoleGrantsBody, RoleIdParams, RoleItem, RoleListQuery, RoleMember,
  RoleMembersBody, RoleOption, RolePage, RoleUpdateBody,
} from '../../../contract/api';
import type { Deps } from '../../deps';
import { roles } from '../../db/schema';
import { badRequest } from '../../http-error';
import { ok } from '../../http/envelope';
import { grantsOf, replaceGrants } from '../../sys-mgr/roles/grants';
import { describeMemberChange, membersOf, replaceMembers, revokeSessionsOf } from '../../sys-mgr/roles/members';
import { isUniqueViolation } from '../../db/unique-violation';
import {
  assertNameFree, assertNotReviewRole, checkRoleFields, getRole, listRoles, memberIdsOf, requireRole, roleOptions,
} from '../../sys-mgr/roles/roles';

const ROLE_SCREEN = '/sysMgr/roleMgr';
/** The role list is also read by the personnel screen (the roles of a user). */
const ROLE_READERS = [ROLE_SCREEN, '/sysMgr/userMgr'];
const write = (button: string, audit: string) =>
  ({ access: 'duty', duty: 'secadmin', button: `${ROLE_SCREEN}#${button}`, audit }) as const;

/** Roles, their members and grants: read behind the screens, written by the security administrator (三员分立). */
export function roleRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(ROLE_PATHS.list, {
      config: { access: 'session', func: ROLE_READERS },
      schema: { querystring: RoleListQuery, response: { 200: PlatformEnvelope(RolePage) } },
    }, async (request) => ok(await listRoles(deps, request.query)));

    app.get(ROLE_PATHS.options, {
      // Any signed-in account: review roles of knowledge documents are picked from these.
      config: { access: 'session' },
      schema: { querystring: Type.Object({}), response: { 200: PlatformEnvelope(Type.Array(RoleOption)) } },
    }, async () => ok(await roleOptions(deps)));

    app.get(ROLE_PATHS.one, {
      config: { access: 'session', func: ROLE_READERS },
      schema: { params: RoleIdParams, response: { 200: PlatformEnvelope(RoleItem) } },
    }, async (request) => ok(await getRole(deps, request.params.id)));

    app.post(ROLE_PATHS.create, {
      config: write('add', 'role-create'),
      schema: { body: RoleCreateBody, response: { 200: PlatformEnvelope(RoleItem) } },
    }, async (request) => {
      request.auditTarget = request.body.name.trim().slice(0, 100);
      const fields = checkRoleFields(request.body.name, request.body.description);
      await assertNameFree(deps, fields.name);
      const now = deps.now();
      try {
        const [row] = await deps.db.insert(roles).values({ ...fields, createdAt: now, updatedAt: now }).returning({ id: roles.id });
        return ok(await getRole(deps, row.id));
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(`角色名称“${fields.name}”已存在`);
        throw err;
      }
    });

    app.put(ROLE_PATHS.update, {
      config: write('edit', 'role-update'),
      schema: { body: RoleUpdateBody, response: { 200: PlatformEnvelope(RoleItem) } },
    }, async (request) => {
      request.auditTarget = String(request.body.id);
      const role = await requireRole(deps, request.body.id);
      request.auditTarget = role.name;
      if (role.system) throw badRequest('系统角色不能编辑');
      const fields = checkRoleFields(request.body.name, request.body.description);
      await assertNameFree(deps, fields.name, role.id);
      if (fields.name !== role.name) request.auditDetail = `名称 ${role.name} → ${fields.name}`;
      try {
        await deps.db.update(roles).set({ ...fields, updatedAt: deps.now() }).where(eq(roles.id, role.id));
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(`角色名称“${fields.name}”已存在`);
        throw err;
      }
      return ok(await getRole(deps, role.id));
    });

    app.delete(ROLE_PATHS.remove, {
      config: write('delete', 'role-delete'),
      schema: { params: RoleIdParams, response: { 200: PlatformEnvelope(Type.Null()) } },
    }, async (request) => {
      request.auditTarget = String(request.params.id);
      const role = await requireRole(deps, request.params.id);
      request.auditTarget = role.name;
      if (role.system) throw badRequest('系统角色不能删除');
      await assertNotReviewRole(deps, role);
      const members = await memberIdsOf(deps, role.id);
      // Grants and memberships go with the role (ON DELETE CASCADE); its members sign in again without them.
      await deps.db.delete(roles).where(eq(roles.id, role.id));
      await revokeSessionsOf(deps, members);
      request.auditDetail = `成员 ${members.length} 人`;
      return ok(null);
    });

    app.get(ROLE_PATHS.members, {
      config: { access: 'session', func: ROLE_SCREEN },
      schema: { params: RoleIdParams, response: { 200: PlatformEnvelope(Type.Array(RoleMember)) } },
    }, async (request) => {
      const role = await requireRole(deps, request.params.id);
      return ok(await membersOf(deps, role.id));
    });

    app.put(ROLE_PATHS.members, {
      config: write('assign', 'role-members'),
      schema: { params: RoleIdParams, body: RoleMembersBody, response: { 200: PlatformEnvelope(Type.Array(RoleMember)) } },
    }, async (request) => {
      request.auditTarget = String(request.params.id);
      const role = await requireRole(deps, request.params.id);
      request.auditTarget = role.name;
      const change = await replaceMembers(deps, role, request.body.userIds);
      request.auditDetail = describeMemberChange(change);
      return ok(await membersOf(deps, role.id));
    });

    app.get(ROLE_PATHS.grants, {
      config: { access: 'session', func: ROLE_SCREEN },
      schema: { params: RoleIdParams, response: { 200: PlatformEnvelope(RoleGrants) } },
    }, async (request) => ok(await grantsOf(deps, await requireRole(deps, request.params.id))));

    app.put(ROLE_PATHS.grants, {
      config: write('grant', 'role-grants'),
      schema: { params: RoleIdParams, body: RoleGrantsBody, response: { 200: PlatformEnvelope(RoleGrants) } },
    }, async (request) => {
      request.auditTarget = String(request.params.id);
      const role = await requireRole(deps, request.params.id);
      request.auditTarget = role.name;
      const counts = await replaceGrants(deps, role, request.body);
      request.auditDetail = `功能点 ${counts.functionCount} 项，按钮 ${counts.buttonCount} 项`;
      return ok(await grantsOf(deps, role));
    });
  };
}
