import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  ButtonCreateBody, ButtonUpdateBody, FUNC_PATHS, FuncButton, FuncButtonParams, FuncButtonsParams, FuncCreateBody,
  FuncIdParams, FuncNode, FuncRecord, FuncTreeParams, FuncUpdateBody, PlatformEnvelope,
} from '../../../contract/api';
import type { Deps } from '../../deps';
import type { RouteAccessConfig } from '../../fastify-types';
import { functionButtons, functions } from '../../db/schema';
import { badRequest } from '../../http-error';
import { ok } from '../../http/envelope';
import { revokeUserSessions } from '../../identity/sessions';
import { sessionOf } from '../../plugins/request-meta';
import { isUniqueViolation } from '../../db/unique-violation';
import { DEFAULT_FUNC_ICON, describeChanges, funcLabel } from './function-audit';
import {
  assertCodeFree, assertPathFree, buttonsOf, checkCode, checkName, checkParent, checkPath, findButton, findFunction,
  functionTree, hasChildren, holdersOf, isBuiltinButton, isBuiltinFunction, isProtectedFunction, nextButtonSort,
  nextFunctionSort, toRecord,
} from '../../sys-mgr/functions/function-store';

const READERS: RouteAccessConfig = { access: 'session', func: ['/implConfigMgr/funcMgr', '/sysMgr/roleMgr'] };
const writer = (button: string, audit: string) =>
  ({ access: 'duty', duty: 'sysadmin', button: `/implConfigMgr/funcMgr#${button}`, audit }) as const;

/** Ends the sessions of users whose grants were removed, all but the caller's current one (their next call re-reads grants). */
async function revokeHolders(deps: Deps, request: FastifyRequest, userIds: number[]): Promise<void> {
  const session = sessionOf(request);
  for (const userId of userIds) {
    await revokeUserSessions(deps, userId, userId === session.user.id ? session.tokenHash : undefined);
  }
}

/** What a call changing or deleting a built-in button is told (D28). */
export const BUILTIN_BUTTON_LOCKED = '系统内置按钮不能编辑或删除';

/** Function points (功能点) and their buttons: read by the function and role screens, changed by the system administrator. */
export function functionRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(FUNC_PATHS.tree, {
      config: { ...READERS },
      schema: { params: FuncTreeParams, response: { 200: PlatformEnvelope(Type.Array(FuncNode)) } },
    }, async (request) => ok(await functionTree(deps, request.params.type)));

    app.post(FUNC_PATHS.create, {
      config: writer('add', 'func-create'),
      schema: { body: FuncCreateBody, response: { 200: PlatformEnvelope(FuncRecord) } },
    }, async (request) => {
      const body = request.body;
      request.auditTarget = `${body.name}（${body.path}）`;
      const name = checkName(body.name, '功能名称');
      const path = checkPath(body.path);
      const parentId = body.parentId ?? null;
      await checkParent(deps, parentId, body.type);
      await assertPathFree(deps, path);
      const sort = body.sort ?? (await nextFunctionSort(deps, parentId, body.type));
      try {
        const [row] = await deps.db.insert(functions).values({
          name, path, parentId, type: body.type, sort, icon: body.icon?.trim() || DEFAULT_FUNC_ICON, hidden: body.hidden ?? false,
        }).returning();
        request.auditTarget = funcLabel(row);
        return ok(toRecord(row));
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(`路径 ${path} 已被其他功能使用`);
        throw err;
      }
    });

    app.put(FUNC_PATHS.update, {
      config: writer('edit', 'func-update'),
      schema: { body: FuncUpdateBody, response: { 200: PlatformEnvelope(FuncRecord) } },
    }, async (request) => {
      const body = request.body;
      const current = await findFunction(deps, body.id);
      request.auditTarget = funcLabel(current);
      const name = checkName(body.name, '功能名称');
      const path = checkPath(body.path);
      const parentId = body.parentId === undefined ? current.parentId : body.parentId;
      if (isBuiltinFunction(current.path) && (path !== current.path || body.type !== current.type || parentId !== current.parentId)) {
        throw badRequest('系统内置功能的路径、类型和上级功能不能修改');
      }
      if (body.type !== current.type && (await hasChildren(deps, current.id))) throw badRequest('含有下级功能的功能不能更改类型');
      await checkParent(deps, parentId, body.type, current.id);
      await assertPathFree(deps, path, current.id);
      const next = {
        name, path, parentId, type: body.type, icon: body.icon === undefined ? current.icon : body.icon.trim() || DEFAULT_FUNC_ICON,
        sort: body.sort ?? current.sort, hidden: body.hidden ?? current.hidden,
      };
      try {
        const [row] = await deps.db.update(functions).set({ ...next, updatedAt: deps.now() }).where(eq(functions.id, current.id)).returning();
        request.auditDetail = describeChanges(current, row);
        return ok(toRecord(row));
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(`路径 ${path} 已被其他功能使用`);
        throw err;
      }
    });

    app.delete(FUNC_PATHS.remove, {
      config: writer('delete', 'func-delete'),
      schema: { params: FuncIdParams, response: { 200: PlatformEnvelope(Type.Null()) } },
    }, async (request) => {
      const func = await findFunction(deps, request.params.id);
      request.auditTarget = funcLabel(func);
      if (isProtectedFunction(func)) throw badRequest('系统内置的管理功能不能删除，否则管理员将无法进入系统管理');
      // Deleting a shipped business function would take its built-in buttons with it.
      if (isBuiltinFunction(func.path)) throw badRequest('系统内置功能不能删除');
      if (await hasChildren(deps, func.id)) throw badRequest('该功能下还有下级功能，请先删除下级功能');
      const buttons = await buttonsOf(deps, func);
      const holders = await holdersOf(deps, { functionId: func.id, buttonIds: buttons.map((b) => b.id) });
      // Grants of the function and its buttons go with them (foreign keys cascade).
      await deps.db.delete(functions).where(eq(functions.id, func.id));
      await revokeHolders(deps, request, holders);
      request.auditDetail = `按钮 ${buttons.length} 个；${holders.length} 个用户的授权随之收回`;
      return ok(null);
    });

    app.get(FUNC_PATHS.buttons, {
      config: { ...READERS },
      schema: { params: FuncButtonsParams, response: { 200: PlatformEnvelope(Type.Array(FuncButton)) } },
    }, async (request) => ok(await buttonsOf(deps, await findFunction(deps, request.params.functionId))));

    app.post(FUNC_PATHS.createButton, {
      config: writer('addButton', 'button-create'),
      schema: { body: ButtonCreateBody, response: { 200: PlatformEnvelope(FuncButton) } },
    }, async (request) => {
      const body = request.body;
      request.auditTarget = `${body.code}（${body.name}）`;
      const func = await findFunction(deps, body.functionId);
      const code = checkCode(body.code);
      const name = checkName(body.name, '按钮名称');
      request.auditTarget = `${func.path}#${code}（${name}）`;
      await assertCodeFree(deps, func.id, code);
      const sort = body.sort ?? (await nextButtonSort(deps, func.id));
      try {
        const [row] = await deps.db.insert(functionButtons).values({ functionId: func.id, code, name, sort }).returning();
        return ok({ id: row.id, code: row.code, name: row.name, sort: row.sort, builtin: false });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(`该功能下已有编码为 ${code} 的按钮`);
        throw err;
      }
    });

    app.put(FUNC_PATHS.updateButton, {
      config: writer('editButton', 'button-update'),
      schema: { params: FuncButtonsParams, body: ButtonUpdateBody, response: { 200: PlatformEnvelope(FuncButton) } },
    }, async (request) => {
      const func = await findFunction(deps, request.params.functionId);
      const current = await findButton(deps, func.id, request.body.id);
      request.auditTarget = `${func.path}#${current.code}（${current.name}）`;
      const code = checkCode(request.body.code);
      const name = checkName(request.body.name, '按钮名称');
      const builtin = isBuiltinButton(func.path, current.code);
      // A built-in button is a system row (spec §2, §6): server calls check its path#code and its grants follow it.
      if (builtin) throw badRequest(BUILTIN_BUTTON_LOCKED);
      await assertCodeFree(deps, func.id, code, current.id);
      const sort = request.body.sort ?? current.sort;
      try {
        const [row] = await deps.db.update(functionButtons).set({ code, name, sort }).where(eq(functionButtons.id, current.id)).returning();
        request.auditDetail = describeChanges(current, row);
        return ok({ id: row.id, code: row.code, name: row.name, sort: row.sort, builtin });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(`该功能下已有编码为 ${code} 的按钮`);
        throw err;
      }
    });

    app.delete(FUNC_PATHS.removeButton, {
      config: writer('deleteButton', 'button-delete'),
      schema: { params: FuncButtonParams, response: { 200: PlatformEnvelope(Type.Null()) } },
    }, async (request) => {
      const func = await findFunction(deps, request.params.functionId);
      const button = await findButton(deps, func.id, request.params.buttonId);
      request.auditTarget = `${func.path}#${button.code}（${button.name}）`;
      if (isBuiltinButton(func.path, button.code)) throw badRequest(BUILTIN_BUTTON_LOCKED);
      const holders = await holdersOf(deps, { buttonIds: [button.id] });
      await deps.db.delete(functionButtons).where(eq(functionButtons.id, button.id));
      await revokeHolders(deps, request, holders);
      request.auditDetail = `${holders.length} 个用户的授权随之收回`;
      return ok(null);
    });
  };
}
