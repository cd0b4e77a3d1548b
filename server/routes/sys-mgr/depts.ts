import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  DEPT_PATHS, Dept, DeptCreateBody, DeptExistParams, DeptExistQuery, DeptFlatItem, DeptIdParams, DeptTreeNodeSchema,
  DeptTreeQuery, DeptUpdateBody, PlatformEnvelope,
} from '../../../contract/api';
import { departments } from '../../db/schema';
import type { Deps } from '../../deps';
import { ok } from '../../http/envelope';
import {
  createDept, deleteDept, deptFlat, deptNameExists, deptOne, deptTree, describeChange, updateDept,
} from '../../sys-mgr/depts/dept-service';

/**
 * Screens that read the department tree: the sysadmin's departments and users, the secadmin's users and roles, and
 * 统计's department filter (issue 17). The tools base reads names only, through its own call (D88).
 */
const DEPT_READERS = ['/sysMgr/deptMgr', '/sysMgr/userMgr', '/sysMgr/roleMgr', '/sysMgr/statistics'];
const read = { access: 'session', func: DEPT_READERS } as const;

/** How the audit log names a department: its name and id, or just the id when it does not exist. */
async function targetOfDept(deps: Deps, id: number): Promise<string> {
  const [row] = await deps.db.select({ name: departments.name }).from(departments).where(eq(departments.id, id));
  return row ? `${row.name}（ID ${id}）` : `ID ${id}`;
}

/** Department calls (spec §7): reads for the management screens, writes for the system administrator. */
export function deptRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  const targetOf = (id: number) => targetOfDept(deps, id);
  return async (app) => {
    app.get(DEPT_PATHS.tree, {
      config: read,
      schema: { params: DeptIdParams, querystring: DeptTreeQuery, response: { 200: PlatformEnvelope(Type.Array(DeptTreeNodeSchema)) } },
    }, async (request) => ok([await deptTree(deps, request.params.id, request.query.disableSubtreeOf)]));

    app.get(DEPT_PATHS.flat, {
      config: read,
      schema: { params: DeptIdParams, response: { 200: PlatformEnvelope(Type.Array(DeptFlatItem)) } },
    }, async (request) => ok(await deptFlat(deps, request.params.id)));

    app.get(DEPT_PATHS.exist, {
      config: read,
      schema: { params: DeptExistParams, querystring: DeptExistQuery, response: { 200: PlatformEnvelope(Type.Boolean()) } },
    }, async (request) => ok(await deptNameExists(deps, request.params.parentId, request.params.name, request.query.excludeId)));

    app.get(DEPT_PATHS.one, {
      config: read,
      schema: { params: DeptIdParams, response: { 200: PlatformEnvelope(Dept) } },
    }, async (request) => ok(await deptOne(deps, request.params.id)));

    app.post(DEPT_PATHS.create, {
      config: { access: 'duty', duty: 'sysadmin', button: '/sysMgr/deptMgr#add', audit: 'dept-create' },
      schema: { body: DeptCreateBody, response: { 200: PlatformEnvelope(Dept) } },
    }, async (request) => {
      request.auditTarget = request.body.name.trim();
      const { row, parent } = await createDept(deps, request.body);
      request.auditTarget = `${row.name}（ID ${row.id}）`;
      request.auditDetail = `上级部门：${parent.name}`;
      return ok(await deptOne(deps, row.id));
    });

    app.put(DEPT_PATHS.update, {
      config: { access: 'duty', duty: 'sysadmin', button: '/sysMgr/deptMgr#edit', audit: 'dept-update' },
      schema: { body: DeptUpdateBody, response: { 200: PlatformEnvelope(Dept) } },
    }, async (request) => {
      const { id, ...input } = request.body;
      request.auditTarget = await targetOf(id);
      const { before, row, parent } = await updateDept(deps, id, input);
      request.auditTarget = `${row.name}（ID ${row.id}）`;
      request.auditDetail = describeChange(before, row, parent.name);
      return ok(await deptOne(deps, row.id));
    });

    app.delete(DEPT_PATHS.remove, {
      config: { access: 'duty', duty: 'sysadmin', button: '/sysMgr/deptMgr#delete', audit: 'dept-delete' },
      schema: { params: DeptIdParams, response: { 200: PlatformEnvelope(Type.Null()) } },
    }, async (request) => {
      request.auditTarget = await targetOf(request.params.id);
      await deleteDept(deps, request.params.id);
      return ok(null);
    });
  };
}
