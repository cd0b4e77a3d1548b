import { and, asc, eq, inArray, isNull, max, ne } from 'drizzle-orm';
import { hasSpecialChars } from '../../../contract/validation';
import type { FuncButton, FuncNode, FuncRecord } from '../../../contract/api';
import type { Deps } from '../../deps';
import { functionButtons, functions, roleButtons, roleFunctions, userRoles } from '../../db/schema';
import { FUNC_TYPE_MANAGEMENT, SEED_FUNCTIONS } from '../../db/seed-functions';
import { badRequest, HttpError } from '../../http-error';
import { nestByParent } from '../nest';

type FuncRow = typeof functions.$inferSelect;
type ButtonRow = typeof functionButtons.$inferSelect;

const SEEDED = new Map(SEED_FUNCTIONS.map((f) => [f.path, f]));

/** Shipped with the product: the server and the menus rely on its path. */
export function isBuiltinFunction(path: string): boolean {
  return SEEDED.has(path);
}

/** A shipped management function (/sysMgr, /implConfigMgr): deleting it would lock the administrators out. */
export function isProtectedFunction(row: Pick<FuncRow, 'path'>): boolean {
  return SEEDED.get(row.path)?.type === FUNC_TYPE_MANAGEMENT;
}

/** A shipped button: server calls check its `path#code`. */
export function isBuiltinButton(path: string, code: string): boolean {
  return Object.hasOwn(SEEDED.get(path)?.buttons ?? {}, code);
}

/** Route-like path: `/` then segments of letters, digits, underscore and hyphen. */
const PATH_PATTERN = /^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;
const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9]*$/;

/** The trimmed name, refused when blank or with special characters (spec §5). */
export function checkName(raw: string, label: string): string {
  const name = raw.trim();
  if (!name) throw badRequest(`${label}不能为空`);
  if (hasSpecialChars(name)) throw badRequest(`${label}不能包含特殊字符`);
  return name;
}

export function checkPath(raw: string): string {
  const path = raw.trim();
  if (!path.startsWith('/')) throw badRequest('路径必须以 / 开头');
  if (!PATH_PATTERN.test(path)) throw badRequest('路径只能包含字母、数字、下划线、连字符和 /，且不能以 / 结尾');
  return path;
}

export function checkCode(raw: string): string {
  const code = raw.trim();
  if (!CODE_PATTERN.test(code)) throw badRequest('按钮编码只能包含字母和数字，且以字母开头');
  return code;
}

function toButton(path: string, row: ButtonRow): FuncButton {
  return { id: row.id, code: row.code, name: row.name, sort: row.sort, builtin: isBuiltinButton(path, row.code) };
}

export function toRecord(row: FuncRow): FuncRecord {
  return {
    id: row.id, parentId: row.parentId, name: row.name, path: row.path, icon: row.icon, type: row.type,
    sort: row.sort, hidden: row.hidden, builtin: isBuiltinFunction(row.path),
  };
}

/** The functions of one type as a tree, siblings and buttons by sort then id. */
export async function functionTree(deps: Pick<Deps, 'db'>, type: number): Promise<FuncNode[]> {
  const rows = await deps.db.select().from(functions).where(eq(functions.type, type)).orderBy(asc(functions.sort), asc(functions.id));
  const ids = rows.map((r) => r.id);
  const buttons = ids.length
    ? await deps.db.select().from(functionButtons).where(inArray(functionButtons.functionId, ids))
      .orderBy(asc(functionButtons.sort), asc(functionButtons.id))
    : [];
  const nodes = new Map<number, FuncNode>(rows.map((r) => [r.id, { ...toRecord(r), buttons: [], children: [] }]));
  for (const b of buttons) {
    const node = nodes.get(b.functionId);
    node?.buttons.push(toButton(node.path, b));
  }
  return nestByParent(rows, nodes);
}

export async function findFunction(deps: Pick<Deps, 'db'>, id: number): Promise<FuncRow> {
  const [row] = await deps.db.select().from(functions).where(eq(functions.id, id));
  if (!row) throw new HttpError(404, '功能不存在');
  return row;
}

export async function buttonsOf(deps: Pick<Deps, 'db'>, func: FuncRow): Promise<FuncButton[]> {
  const rows = await deps.db.select().from(functionButtons).where(eq(functionButtons.functionId, func.id))
    .orderBy(asc(functionButtons.sort), asc(functionButtons.id));
  return rows.map((r) => toButton(func.path, r));
}

export async function findButton(deps: Pick<Deps, 'db'>, functionId: number, buttonId: number): Promise<ButtonRow> {
  const [row] = await deps.db.select().from(functionButtons)
    .where(and(eq(functionButtons.functionId, functionId), eq(functionButtons.id, buttonId)));
  if (!row) throw new HttpError(404, '按钮不存在');
  return row;
}

/** Refuses a path another function already has. */
export async function assertPathFree(deps: Pick<Deps, 'db'>, path: string, exceptId?: number): Promise<void> {
  const [other] = await deps.db.select({ id: functions.id }).from(functions)
    .where(exceptId === undefined ? eq(functions.path, path) : and(eq(functions.path, path), ne(functions.id, exceptId)));
  if (other) throw badRequest(`路径 ${path} 已被其他功能使用`);
}

/** Refuses a code another button of the function already has. */
export async function assertCodeFree(deps: Pick<Deps, 'db'>, functionId: number, code: string, exceptId?: number): Promise<void> {
  const same = and(eq(functionButtons.functionId, functionId), eq(functionButtons.code, code));
  const [other] = await deps.db.select({ id: functionButtons.id }).from(functionButtons)
    .where(exceptId === undefined ? same : and(same, ne(functionButtons.id, exceptId)));
  if (other) throw badRequest(`该功能下已有编码为 ${code} 的按钮`);
}

/** Checks the parent of a function of `type`: it exists, has the same type, and is not the function or below it. */
export async function checkParent(deps: Pick<Deps, 'db'>, parentId: number | null, type: number, selfId?: number): Promise<void> {
  if (parentId === null) return;
  const [parent] = await deps.db.select().from(functions).where(eq(functions.id, parentId));
  if (!parent) throw badRequest('上级功能不存在');
  if (parent.type !== type) throw badRequest('上级功能的类型与本功能不一致');
  if (selfId === undefined) return;
  // Walk up from the parent: meeting the function itself means the move would make a cycle.
  for (let cursor: FuncRow | undefined = parent; cursor; ) {
    if (cursor.id === selfId) throw badRequest('不能将功能移动到其自身或其下级功能之下');
    if (cursor.parentId === null) break;
    [cursor] = await deps.db.select().from(functions).where(eq(functions.id, cursor.parentId));
  }
}

export async function hasChildren(deps: Pick<Deps, 'db'>, id: number): Promise<boolean> {
  const [child] = await deps.db.select({ id: functions.id }).from(functions).where(eq(functions.parentId, id)).limit(1);
  return Boolean(child);
}

/** The next sort number among siblings (or among a function's buttons). */
export async function nextFunctionSort(deps: Pick<Deps, 'db'>, parentId: number | null, type: number): Promise<number> {
  const siblings = parentId === null ? and(eq(functions.type, type), isNull(functions.parentId)) : eq(functions.parentId, parentId);
  const [row] = await deps.db.select({ m: max(functions.sort) }).from(functions).where(siblings);
  return (row?.m ?? -1) + 1;
}

export async function nextButtonSort(deps: Pick<Deps, 'db'>, functionId: number): Promise<number> {
  const [row] = await deps.db.select({ m: max(functionButtons.sort) }).from(functionButtons).where(eq(functionButtons.functionId, functionId));
  return (row?.m ?? -1) + 1;
}

/** Users holding a grant of the function or of any of the buttons (before they are removed). */
export async function holdersOf(deps: Pick<Deps, 'db'>, target: { functionId?: number; buttonIds: number[] }): Promise<number[]> {
  const roleIds = new Set<number>();
  if (target.functionId !== undefined) {
    const rows = await deps.db.select({ roleId: roleFunctions.roleId }).from(roleFunctions).where(eq(roleFunctions.functionId, target.functionId));
    rows.forEach((r) => roleIds.add(r.roleId));
  }
  if (target.buttonIds.length) {
    const rows = await deps.db.select({ roleId: roleButtons.roleId }).from(roleButtons).where(inArray(roleButtons.buttonId, target.buttonIds));
    rows.forEach((r) => roleIds.add(r.roleId));
  }
  if (!roleIds.size) return [];
  const users = await deps.db.selectDistinct({ userId: userRoles.userId }).from(userRoles)
    .where(inArray(userRoles.roleId, [...roleIds]));
  return users.map((u) => u.userId);
}
