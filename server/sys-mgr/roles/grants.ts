import { asc, eq } from 'drizzle-orm';
import { GRANT_TYPE_MANAGEMENT, type GrantFunction, type RoleGrants } from '../../../contract/api';
import type { Deps } from '../../deps';
import { functionButtons, functions, roleButtons, roleFunctions, roles } from '../../db/schema';
import { badRequest } from '../../http-error';
import { nestByParent } from '../nest';
import { memberIdsOf } from './roles';
import { revokeSessionsOf } from './members';
import type { RoleRow } from './roles';

type FuncRow = { id: number; parentId: number | null; name: string; path: string; type: number; hidden: boolean };
type ButtonRow = { id: number; functionId: number; code: string; name: string };

async function catalogue(deps: Pick<Deps, 'db'>): Promise<{ funcs: FuncRow[]; buttons: ButtonRow[] }> {
  const funcs = await deps.db
    .select({ id: functions.id, parentId: functions.parentId, name: functions.name, path: functions.path, type: functions.type, hidden: functions.hidden })
    .from(functions)
    .orderBy(asc(functions.type), asc(functions.sort), asc(functions.id));
  const buttons = await deps.db
    .select({ id: functionButtons.id, functionId: functionButtons.functionId, code: functionButtons.code, name: functionButtons.name })
    .from(functionButtons)
    .orderBy(asc(functionButtons.sort), asc(functionButtons.id));
  return { funcs, buttons };
}

/** Every function point as a tree (roots in type then menu order), each with its buttons. */
function buildTree(funcs: FuncRow[], buttons: ButtonRow[]): GrantFunction[] {
  const nodes = new Map<number, GrantFunction>();
  for (const f of funcs) nodes.set(f.id, { id: f.id, name: f.name, path: f.path, type: f.type, hidden: f.hidden, buttons: [], children: [] });
  for (const b of buttons) nodes.get(b.functionId)?.buttons.push({ id: b.id, code: b.code, name: b.name });
  return nestByParent(funcs, nodes);
}

/** What a role holds, with the whole function tree of both types to render the grant dialog. */
export async function grantsOf(deps: Pick<Deps, 'db'>, role: RoleRow): Promise<RoleGrants> {
  const { funcs, buttons } = await catalogue(deps);
  const held = await deps.db.select({ id: roleFunctions.functionId }).from(roleFunctions).where(eq(roleFunctions.roleId, role.id));
  const heldButtons = await deps.db.select({ id: roleButtons.buttonId }).from(roleButtons).where(eq(roleButtons.roleId, role.id));
  return {
    roleId: role.id,
    system: role.system,
    functionIds: held.map((r) => r.id).sort((a, b) => a - b),
    buttonIds: heldButtons.map((r) => r.id).sort((a, b) => a - b),
    functions: buildTree(funcs, buttons),
  };
}

/**
 * Replaces the grants of an ordinary role. A button brings its function, and a function its parent
 * functions (the menu needs them). System roles keep their duty grants, and management functions stay
 * with them (三员分立): an ordinary role holding one would let its members read management data.
 * The role's members are signed out so their next sign-in carries the new grants.
 */
export async function replaceGrants(
  deps: Deps,
  role: RoleRow,
  body: { functionIds: number[]; buttonIds: number[] },
): Promise<{ functionCount: number; buttonCount: number }> {
  if (role.system) throw badRequest('系统角色的权限不能修改');
  const { funcs, buttons } = await catalogue(deps);
  const funcById = new Map(funcs.map((f) => [f.id, f]));
  const buttonById = new Map(buttons.map((b) => [b.id, b]));
  const unknownFuncs = [...new Set(body.functionIds)].filter((id) => !funcById.has(id));
  if (unknownFuncs.length > 0) throw badRequest(`功能点不存在：${unknownFuncs.slice(0, 20).join('、')}`);
  const unknownButtons = [...new Set(body.buttonIds)].filter((id) => !buttonById.has(id));
  if (unknownButtons.length > 0) throw badRequest(`按钮不存在：${unknownButtons.slice(0, 20).join('、')}`);

  const buttonIds = new Set(body.buttonIds);
  const functionIds = new Set(body.functionIds);
  for (const id of buttonIds) functionIds.add((buttonById.get(id) as ButtonRow).functionId);
  for (const id of [...functionIds]) {
    for (let parent = funcById.get(id)?.parentId ?? null; parent !== null; parent = funcById.get(parent)?.parentId ?? null) {
      functionIds.add(parent);
    }
  }
  const management = funcs.filter((f) => functionIds.has(f.id) && f.type === GRANT_TYPE_MANAGEMENT);
  if (management.length > 0) {
    throw badRequest(`系统管理功能只属于三员角色，不能授予普通角色：${management.map((f) => f.name).join('、')}`);
  }

  await deps.db.transaction(async (tx) => {
    await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, role.id)).for('update');
    await tx.delete(roleFunctions).where(eq(roleFunctions.roleId, role.id));
    await tx.delete(roleButtons).where(eq(roleButtons.roleId, role.id));
    if (functionIds.size > 0) await tx.insert(roleFunctions).values([...functionIds].map((functionId) => ({ roleId: role.id, functionId })));
    if (buttonIds.size > 0) await tx.insert(roleButtons).values([...buttonIds].map((buttonId) => ({ roleId: role.id, buttonId })));
    await tx.update(roles).set({ updatedAt: deps.now() }).where(eq(roles.id, role.id));
  });
  await revokeSessionsOf(deps, await memberIdsOf(deps, role.id));
  return { functionCount: functionIds.size, buttonCount: buttonIds.size };
}
