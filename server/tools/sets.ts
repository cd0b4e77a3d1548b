// Tool sets: who may use one (the grant rule of identity/grant-rule.ts; neither roles nor departments listed: nobody,
// the set is seen by its owner and the managers only, D89, except sets older than that, open to every ordinary
// account), who manages them (the /toolsBase buttons), their storage (credential encrypted), and
// reading their tools (MCP tools/list or the OpenAPI document), which keeps an administrator's switches and
// classes over a refresh. A set the user may neither use nor manage answers 404 as one that does not exist.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { TOOL_LIMITS, TOOL_MESSAGES, TOOL_RISKS, TOOL_SET_KINDS, TOOL_SET_NAME_PATTERN, type ToolItem, type ToolSet, type ToolSetBody, type ToolSetKind } from '../../contract/api';
import { departments, roles, secrecyGrades, toolSets, tools, users } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest, HttpError } from '../http-error';
import { isUniqueViolation } from '../db/unique-violation';
import { grantsOfUser } from '../identity/access';
import { assertDepartmentsExist, assertRolesExist } from '../identity/grant-input';
import { granted } from '../identity/grant-rule';
import { parseReviewRoles } from '../knowledge/documents';
import { viewerOf, type Viewer } from '../knowledge/visibility';
import type { SessionUser } from '../identity/sessions';
import { decryptSecret, encryptSecret, secretKey } from '../crypto/secret';
import { mcpTools, type McpEndpoint } from './mcp';
import { documentServer, openApiTools, parseOpenApi, type ToolDef } from './openapi';
import { createOutboundFetch } from './outbound-fetch';
import { boundFetch, boundOrigin, setOrigin } from './origin';
import { formatDateTime } from '../http/date-time';

export type ToolSetRow = typeof toolSets.$inferSelect;
export type ToolRow = typeof tools.$inferSelect;

/** The user a tool set is checked against: the document viewer plus the department. */
export type ToolUser = Viewer & { deptId: number };

/** The tool user of a session user. */
export async function toolUserFor(deps: Pick<Deps, 'db'>, user: SessionUser): Promise<ToolUser> {
  return { ...(await viewerOf(deps, user)), deptId: user.deptId };
}

const PAGE = '/toolsBase';

/** Whether the user holds a /toolsBase button that manages sets (sees every set, not only granted ones). */
export async function managesTools(deps: Deps, user: ToolUser): Promise<boolean> {
  if (user.system) return false;
  const { allBtn } = await grantsOfUser(deps, user.id);
  return ['add', 'edit', 'delete'].some((code) => allBtn[`${PAGE}#${code}`] === true);
}

/** Whether the user is granted the set (grade aside: a set's grade is a ceiling for content, not a clearance). */
export async function usableBy(deps: Pick<Deps, 'db'>, user: ToolUser, set: ToolSetRow): Promise<boolean> {
  if (user.system) return false;
  // Nothing named: open to every ordinary account only for sets from before D89 (migration 0020); nobody otherwise.
  if (!set.reviewRoles.length && !set.deptIds.length) return set.openToAll;
  return granted(set, user);
}

/** The sets the user may use, or (a manager) every set; each with whether the user may use it. */
export async function listedSets(deps: Deps, user: ToolUser, name?: string): Promise<{ row: ToolSetRow; usable: boolean }[]> {
  if (user.system) return [];
  const rows = await deps.db.select().from(toolSets).where(name ? sql`${toolSets.name} ilike ${`%${name.replace(/[\\%_]/g, '\\$&')}%`}` : undefined).orderBy(asc(toolSets.id));
  const manager = await managesTools(deps, user);
  const out: { row: ToolSetRow; usable: boolean }[] = [];
  for (const row of rows) {
    const usable = await usableBy(deps, user, row);
    if (usable || manager || row.ownerId === user.id) out.push({ row, usable });
  }
  return out;
}

/** A set the user may see (use or manage); otherwise 404. */
export async function visibleSet(deps: Deps, user: ToolUser, id: number): Promise<{ row: ToolSetRow; usable: boolean }> {
  const [row] = await deps.db.select().from(toolSets).where(eq(toolSets.id, id));
  if (!row || user.system) throw new HttpError(404, TOOL_MESSAGES.setNotFound);
  const usable = await usableBy(deps, user, row);
  if (!usable && row.ownerId !== user.id && !(await managesTools(deps, user))) throw new HttpError(404, TOOL_MESSAGES.setNotFound);
  return { row, usable };
}

function parseIds(value: string | number | undefined, what: string): number[] {
  if (value === undefined || value === null || value === '') return [];
  const ids = String(value).split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  if (ids.some((n) => !Number.isInteger(n))) throw badRequest(`${what}格式不正确，应为逗号分隔的编号`);
  return [...new Set(ids)].sort((a, b) => a - b);
}

type SetFields = Pick<ToolSetRow, 'name' | 'kind' | 'url' | 'spec' | 'authHeader' | 'description' | 'secrecy' | 'reviewRoles' | 'deptIds'>;

/** The fields of a form, checked: a known kind, a name, an http(s) address or a document, grants that exist. */
async function fieldsOf(deps: Pick<Deps, 'db'>, viewer: Viewer, body: ToolSetBody): Promise<SetFields> {
  const name = body.name.trim();
  if (!TOOL_SET_NAME_PATTERN.test(name)) throw badRequest('工具集名称只能包含中文、字母、数字、空格、下划线、点和短横线，最长 64 个字符');
  const kind = body.kind.trim().toLowerCase() as ToolSetKind;
  if (!TOOL_SET_KINDS.some((k) => k.kind === kind)) throw badRequest(`不支持的工具集类型：${body.kind}（可选 mcp、openapi）`);
  const url = (body.url ?? '').trim();
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw badRequest('请填写正确的地址（http:// 或 https:// 开头）');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw badRequest('地址只支持 http:// 或 https://');
    if (parsed.username || parsed.password) throw badRequest('地址中不能包含用户名或密码，请填写在“凭据”中');
  }
  const spec = kind === 'openapi' ? (body.spec ?? '').trim() : '';
  if (kind === 'mcp' && !url) throw badRequest('请填写 MCP 服务地址');
  if (kind === 'openapi') {
    if (!spec) throw badRequest('请粘贴、上传或从 URL 导入 OpenAPI 文档');
    const doc = parseOpenApi(spec);
    if (!url && !documentServer(doc)) throw badRequest('OpenAPI 文档中没有服务地址（servers），请填写接口地址');
  }
  const authHeader = (body.auth_header ?? '').trim();
  if (authHeader && !/^[A-Za-z0-9-]{1,100}$/.test(authHeader)) throw badRequest('凭据请求头名称只能包含字母、数字和短横线');
  if (!viewer.grades.includes(body.secrecy)) throw badRequest('工具集密级上限不能高于您的密级，或该密级不存在');
  const reviewRoles = parseReviewRoles(body.review_role);
  await assertRolesExist(deps, reviewRoles, '授权角色不存在');
  const deptIds = parseIds(body.dept_ids, '授权部门');
  await assertDepartmentsExist(deps, deptIds);
  const description = (body.description ?? '').trim();
  return { name, kind, url, spec, authHeader, description, secrecy: body.secrecy, reviewRoles, deptIds };
}

export async function addSet(deps: Deps, viewer: Viewer, body: ToolSetBody): Promise<ToolSetRow> {
  const fields = await fieldsOf(deps, viewer, body);
  const credential = (body.credential ?? '').trim();
  const credentialEnc = credential ? encryptSecret(secretKey(deps.config), credential) : null;
  const credentialOrigin = credential ? setOrigin(fields) : '';
  try {
    const now = new Date();
    const [row] = await deps.db.insert(toolSets).values({ ...fields, credentialEnc, credentialOrigin, ownerId: viewer.id, createdAt: now, updatedAt: now }).returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(TOOL_MESSAGES.setExists);
    throw err;
  }
}

export async function editSet(deps: Deps, user: ToolUser, body: ToolSetBody): Promise<ToolSetRow> {
  if (!body.id) throw badRequest('缺少工具集编号');
  const { row } = await visibleSet(deps, user, body.id);
  // An OpenAPI document left empty on edit keeps the stored one.
  const fields = await fieldsOf(deps, user, body.spec?.trim() ? body : { ...body, spec: row.spec });
  if (fields.kind !== row.kind) throw badRequest('工具集类型创建后不可修改');
  const credential = (body.credential ?? '').trim();
  // The stored credential goes only where it was typed for: a new address, or a document whose servers name another
  // origin, needs it typed again.
  const bound = boundOrigin(row);
  const moved = (fields.url !== row.url || setOrigin(fields) !== bound) && row.credentialEnc !== null && !credential && !body.clear_credential;
  if (moved) throw badRequest('地址已更改（含 OpenAPI 文档中的 servers），请重新填写凭据（或选择清除凭据）');
  const credentialEnc = body.clear_credential ? null : credential ? encryptSecret(secretKey(deps.config), credential) : row.credentialEnc;
  const credentialOrigin = credentialEnc === null ? '' : credential ? setOrigin(fields) : bound;
  try {
    // Once roles or departments are granted the old "everyone" is gone: taking them away leaves the owner (D89).
    const openToAll = row.openToAll && !fields.reviewRoles.length && !fields.deptIds.length;
    const [updated] = await deps.db.update(toolSets).set({ ...fields, credentialEnc, credentialOrigin, openToAll, updatedAt: new Date() })
      .where(eq(toolSets.id, row.id)).returning();
    return updated;
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(TOOL_MESSAGES.setExists);
    throw err;
  }
}

export async function deleteSet(deps: Deps, user: ToolUser, id: number): Promise<ToolSetRow> {
  const { row } = await visibleSet(deps, user, id);
  await deps.db.delete(toolSets).where(eq(toolSets.id, row.id));
  return row;
}

/** The headers that carry a set's credential. */
export function credentialHeaders(deps: Pick<Deps, 'config'>, set: ToolSetRow): Record<string, string> {
  if (!set.credentialEnc) return {};
  const credential = decryptSecret(secretKey(deps.config), set.credentialEnc);
  return set.authHeader ? { [set.authHeader.toLowerCase()]: credential } : { authorization: `Bearer ${credential}` };
}

const fetches = new WeakMap<object, typeof fetch>();
/** One outbound fetch per configured rule (its keep-alive agents are shared). */
export function toolFetch(deps: Pick<Deps, 'config'>): typeof fetch {
  const rule = deps.config.outboundAllow;
  let f = fetches.get(rule);
  if (!f) fetches.set(rule, (f = createOutboundFetch(rule)));
  return f;
}

/** The fetch of a set's requests: to the credential's origin only, and (MCP) every answer read up to the cap. */
export function setFetch(deps: Pick<Deps, 'config'>, set: ToolSetRow, capped: boolean): typeof fetch {
  return boundFetch(toolFetch(deps), set.credentialEnc ? boundOrigin(set) : '', capped ? deps.config.toolResponseMaxBytes : null);
}

export function mcpEndpoint(deps: Pick<Deps, 'config'>, set: ToolSetRow): McpEndpoint {
  return { url: set.url, headers: credentialHeaders(deps, set), fetch: setFetch(deps, set, true) };
}

/**
 * Reads the set's tools and stores them: new 只读 ones enabled, new 写入 / 对外发送 ones switched off until an
 * administrator switches them on (D89), gone ones removed, switches and overridden classes kept.
 */
export async function refreshSet(deps: Deps, set: ToolSetRow): Promise<{ count: number; error: string }> {
  let defs: ToolDef[];
  try {
    defs = set.kind === 'mcp' ? await mcpTools(mcpEndpoint(deps, set)) : openApiTools(parseOpenApi(set.spec));
  } catch (err) {
    const error = refreshMessage(err);
    await deps.db.update(toolSets).set({ refreshedAt: new Date(), refreshError: error }).where(eq(toolSets.id, set.id));
    return { count: 0, error };
  }
  await deps.db.transaction(async (tx) => {
    const known = new Map((await tx.select().from(tools).where(eq(tools.setId, set.id))).map((t) => [t.name, t]));
    const names = new Set(defs.map((d) => d.name));
    const gone = [...known.values()].filter((t) => !names.has(t.name)).map((t) => t.id);
    if (gone.length) await tx.delete(tools).where(inArray(tools.id, gone));
    for (const def of defs) {
      const old = known.get(def.name);
      if (old) {
        await tx.update(tools).set({
          description: def.description, parameters: def.parameters, target: def.target,
          risk: old.riskOverridden ? old.risk : def.risk,
        }).where(eq(tools.id, old.id));
      } else {
        await tx.insert(tools).values({
          setId: set.id, name: def.name, description: def.description, parameters: def.parameters, target: def.target, risk: def.risk,
          enabled: def.risk === 'read',
        });
      }
    }
    await tx.update(toolSets).set({ refreshedAt: new Date(), refreshError: '' }).where(eq(toolSets.id, set.id));
  });
  return { count: defs.length, error: '' };
}

/** A refresh failure as a user reads it (never a credential: the SDK's messages carry no headers). */
export function refreshMessage(err: unknown): string {
  const e = err as Error & { statusCode?: number; cause?: { code?: string } };
  if (e?.name === 'OutboundRefused' || e?.name === 'HttpError' || e?.name === 'ResponseTooLarge') return e.message;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `读取工具超时（${TOOL_LIMITS.refreshTimeoutMs / 1000} 秒）`;
  const code = e?.cause?.code;
  if (code === 'ECONNREFUSED') return '无法连接工具服务：连接被拒绝';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return '无法连接工具服务：无法解析主机地址';
  if (/401|403|Unauthorized|Forbidden/i.test(e?.message ?? '')) return '工具服务拒绝访问：请检查凭据';
  return `读取工具失败：${(e?.message ?? String(err)).slice(0, 200)}`;
}

export async function toSetApi(deps: Pick<Deps, 'db'>, listed: { row: ToolSetRow; usable: boolean }[]): Promise<ToolSet[]> {
  const rows = listed.map((l) => l.row);
  const roleIds = [...new Set(rows.flatMap((r) => r.reviewRoles))];
  const deptIds = [...new Set(rows.flatMap((r) => r.deptIds))];
  const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((id): id is number => id !== null))];
  const setIds = rows.map((r) => r.id);
  const [roleRows, deptRows, ownerRows, gradeRows, counts] = await Promise.all([
    roleIds.length ? deps.db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, roleIds)) : [],
    deptIds.length ? deps.db.select({ id: departments.id, name: departments.name }).from(departments).where(inArray(departments.id, deptIds)) : [],
    ownerIds.length ? deps.db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, ownerIds)) : [],
    deps.db.select().from(secrecyGrades),
    setIds.length
      ? deps.db.select({ setId: tools.setId, total: sql<number>`count(*)::int`, enabled: sql<number>`count(*) filter (where ${tools.enabled})::int` })
        .from(tools).where(inArray(tools.setId, setIds)).groupBy(tools.setId)
      : [],
  ]);
  const roleNames = new Map(roleRows.map((r) => [r.id, r.name]));
  const deptNames = new Map(deptRows.map((d) => [d.id, d.name]));
  const owners = new Map(ownerRows.map((u) => [u.id, u.name]));
  const grades = new Map(gradeRows.map((g) => [g.code, g.text]));
  const countOf = new Map(counts.map((c) => [c.setId, c]));
  return listed.map(({ row: r, usable }) => ({
    id: r.id, name: r.name, kind: r.kind, url: r.url, description: r.description, has_credential: r.credentialEnc !== null,
    auth_header: r.authHeader, secrecy: r.secrecy, secrecy_name: grades.get(r.secrecy) ?? r.secrecy,
    review_role: r.reviewRoles.join(','), review_role_names: r.reviewRoles.map((id) => roleNames.get(id) ?? `角色${id}`),
    dept_ids: r.deptIds.join(','), dept_names: r.deptIds.map((id) => deptNames.get(id) ?? `部门${id}`),
    tool_count: countOf.get(r.id)?.total ?? 0, enabled_count: countOf.get(r.id)?.enabled ?? 0, usable,
    open_to_all: r.openToAll && !r.reviewRoles.length && !r.deptIds.length,
    refreshed_at: r.refreshedAt ? formatDateTime(r.refreshedAt) : '', refresh_error: r.refreshError,
    owner: r.ownerId === null ? '' : owners.get(r.ownerId) ?? '', gmt_created: formatDateTime(r.createdAt), gmt_modified: formatDateTime(r.updatedAt),
  }));
}

export function toToolApi(row: ToolRow): ToolItem {
  return {
    id: row.id, set_id: row.setId, name: row.name, description: row.description, parameters: row.parameters,
    risk: row.risk, risk_name: TOOL_RISKS[row.risk as keyof typeof TOOL_RISKS] ?? row.risk, risk_overridden: row.riskOverridden, enabled: row.enabled,
  };
}
