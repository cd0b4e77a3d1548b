// Connections of database chat: who may see and use one (the document rule: grade within the clearance, and the
// owner, or a review role the viewer holds; no role granted: the owner only, D89, except rows older than that), their storage (password encrypted), and the
// spec a driver opens. A connection the viewer may not use answers 404 as one that does not exist.
import { and, arrayOverlaps, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { DB_MESSAGES, DB_NAME_PATTERN, type DbConfigBody, type DbConnection } from '../../contract/api';
import { dbConnections, roles, secrecyGrades, users } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest, HttpError } from '../http-error';
import { assertRolesExist } from '../identity/grant-input';
import { parseReviewRoles } from '../knowledge/documents';
import { assertWithinClearance, type Viewer } from '../knowledge/visibility';
import type { Config } from '../config';
import { DB_TYPES, FILE_DB_TYPES, type ConnSpec, type DbType } from './driver-types';
import { dbPathField } from './files';
import { validHost } from './outbound';
import { decryptSecret, encryptSecret, secretKey } from '../crypto/secret';
import { formatDateTime } from '../http/date-time';

export type ConnectionRow = typeof dbConnections.$inferSelect;

/** Who may see and use a connection (list, test, chat, editor). System accounts see none. */
export function connectionVisibleTo(viewer: Viewer): SQL {
  if (viewer.system || viewer.grades.length === 0) return sql`false`;
  const shared = [eq(dbConnections.ownerId, viewer.id), sql`(${dbConnections.openToAll} AND cardinality(${dbConnections.reviewRoles}) = 0)`];
  if (viewer.roleIds.length) shared.push(arrayOverlaps(dbConnections.reviewRoles, viewer.roleIds));
  return and(inArray(dbConnections.secrecy, viewer.grades), or(...shared)) as SQL;
}

export async function visibleConnections(deps: Pick<Deps, 'db'>, viewer: Viewer, dbName?: string): Promise<ConnectionRow[]> {
  const where = [connectionVisibleTo(viewer)];
  if (dbName) where.push(eq(dbConnections.dbName, dbName));
  return deps.db.select().from(dbConnections).where(and(...where)).orderBy(asc(dbConnections.id));
}

/** The connection named `dbName` if the viewer may use it; otherwise 404, whether it exists or not. */
export async function visibleConnection(deps: Pick<Deps, 'db'>, viewer: Viewer, dbName: string): Promise<ConnectionRow> {
  const [row] = await visibleConnections(deps, viewer, dbName);
  if (!row) throw new HttpError(404, DB_MESSAGES.notFound);
  return row;
}

const TABLE_NAME = /^[A-Za-z0-9_$\u4e00-\u9fa5][A-Za-z0-9_$.\-\u4e00-\u9fa5]{0,127}$/;

/** `allowed_tables` from the form: comma-separated names (empty: all tables). */
export function parseAllowedTables(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  const names = [...new Set(value.split(/[,，\s]+/).map((s) => s.trim()).filter(Boolean))];
  const bad = names.find((n) => !TABLE_NAME.test(n));
  if (bad !== undefined) throw badRequest(`可访问的表格式不正确：${bad}（应为逗号分隔的表名）`);
  if (names.length > 1000) throw badRequest('可访问的表最多 1000 个');
  return names;
}

/** The connection as the client sees it: never the password. */
export async function toApi(deps: Pick<Deps, 'db'>, rows: ConnectionRow[]): Promise<DbConnection[]> {
  const roleIds = [...new Set(rows.flatMap((r) => r.reviewRoles))];
  const roleNames = new Map((roleIds.length ? await deps.db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, roleIds)) : [])
    .map((r) => [r.id, r.name]));
  const grades = new Map((await deps.db.select().from(secrecyGrades)).map((g) => [g.code, g.text]));
  const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((id): id is number => id !== null))];
  const owners = new Map((ownerIds.length ? await deps.db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, ownerIds)) : [])
    .map((u) => [u.id, u.name]));
  return rows.map((r) => ({
    id: r.id, db_type: r.dbType, db_name: r.dbName, db_path: r.dbPath, db_host: r.dbHost, db_port: String(r.dbPort), db_user: r.dbUser,
    comment: r.comment, has_password: !!r.dbPwdEnc, secrecy: r.secrecy, secrecy_name: grades.get(r.secrecy) ?? r.secrecy,
    review_role: r.reviewRoles.join(','), review_role_names: r.reviewRoles.map((id) => roleNames.get(id) ?? `角色${id}`),
    allowed_tables: r.allowedTables.join(','), open_to_all: r.openToAll && !r.reviewRoles.length, sample_rows: r.sampleRows, owner: r.ownerId === null ? '' : owners.get(r.ownerId) ?? '',
    gmt_created: formatDateTime(r.createdAt), gmt_modified: formatDateTime(r.updatedAt),
  }));
}

type Fields = Pick<ConnectionRow, 'dbType' | 'dbName' | 'dbHost' | 'dbPort' | 'dbUser' | 'dbPath' | 'comment'>;

/** The connection fields of a form, checked: a known type, a name, a host that is only a host, a port. */
export function fieldsOf(body: DbConfigBody, config: Pick<Config, 'dbFileDir'>): Fields {
  const dbType = body.db_type.trim().toLowerCase();
  if (!(DB_TYPES as readonly string[]).includes(dbType)) {
    throw badRequest(`不支持的数据库类型：${body.db_type}（可选 ${DB_TYPES.join('、')}）`);
  }
  const dbName = body.db_name.trim();
  if (!DB_NAME_PATTERN.test(dbName)) throw badRequest('数据库名称只能包含中文、字母、数字、下划线、点和短横线，最长 64 个字符');
  if (FILE_DB_TYPES.includes(dbType as DbType)) {
    // A file inside DB_FILE_DIR: no host, port, account or password.
    const dbPath = dbPathField(config, body.db_path ?? body.file_path);
    return { dbType, dbName, dbHost: '', dbPort: 0, dbUser: '', dbPath, comment: (body.comment ?? '').trim() };
  }
  const dbHost = (body.db_host ?? '').trim();
  if (!validHost(dbHost)) throw badRequest('请填写正确的主机地址（主机名或 IP 地址）');
  const port = body.db_port === undefined || body.db_port === '' ? 0 : Number(body.db_port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw badRequest('端口应为 1 到 65535 之间的整数');
  const dbUser = (body.db_user ?? '').trim();
  if (!dbUser) throw badRequest('请填写用户名');
  return {
    dbType, dbName, dbHost, dbPort: port || (dbType === 'mysql' ? 3306 : 5432), dbUser, dbPath: '',
    comment: (body.comment ?? '').trim(),
  };
}

/** Whether a stored password may go with these fields: only to the same server and account it was given for. */
const sameTarget = (a: Fields, b: Fields) => a.dbType === b.dbType && a.dbHost === b.dbHost && a.dbPort === b.dbPort && a.dbUser === b.dbUser
  && a.dbPath === b.dbPath;

/** The driver spec of a stored connection (its password decrypted). */
export function specOf(deps: Pick<Deps, 'config'>, row: ConnectionRow): ConnSpec {
  return {
    dbType: row.dbType as DbType, dbName: row.dbName, dbHost: row.dbHost, dbPort: row.dbPort, dbUser: row.dbUser, dbPath: row.dbPath,
    dbPwd: row.dbPwdEnc ? decryptSecret(secretKey(deps.config), row.dbPwdEnc) : '',
  };
}

/**
 * The spec to test from a form. An empty password uses the stored one only for the same connection, server and
 * account the viewer may use (so a stored password can never be sent to another host).
 */
export async function specForTest(deps: Deps, viewer: Viewer, body: DbConfigBody): Promise<ConnSpec> {
  const fields = fieldsOf(body, deps.config);
  let dbPwd = body.db_pwd ?? '';
  if (!dbPwd) {
    const [row] = await visibleConnections(deps, viewer, fields.dbName);
    if (row && sameTarget(row, fields) && row.dbPwdEnc) dbPwd = decryptSecret(secretKey(deps.config), row.dbPwdEnc);
  }
  return { ...fields, dbType: fields.dbType as DbType, dbPwd };
}

/** Adds a connection; the grade defaults to the lowest, never above the viewer's clearance. */
export async function addConnection(deps: Deps, viewer: Viewer, body: DbConfigBody): Promise<ConnectionRow> {
  const fields = fieldsOf(body, deps.config);
  const secrecy = body.secrecy ?? viewer.grades[0];
  if (!secrecy) throw badRequest('您没有可用的密级');
  assertWithinClearance(viewer, secrecy, '连接密级');
  const reviewRoles = parseReviewRoles(body.review_role);
  await assertRolesExist(deps, reviewRoles, '可使用的角色不存在');
  const allowedTables = parseAllowedTables(body.allowed_tables);
  const [exists] = await deps.db.select({ id: dbConnections.id }).from(dbConnections).where(eq(dbConnections.dbName, fields.dbName));
  if (exists) throw badRequest(DB_MESSAGES.exists);
  const now = deps.now();
  const [row] = await deps.db.insert(dbConnections).values({
    ...fields, dbPwdEnc: body.db_pwd && !FILE_DB_TYPES.includes(fields.dbType as DbType) ? encryptSecret(secretKey(deps.config), body.db_pwd) : null,
    secrecy, reviewRoles, allowedTables, sampleRows: body.sample_rows ?? false, ownerId: viewer.id, createdAt: now, updatedAt: now,
  }).onConflictDoNothing().returning();
  if (!row) throw badRequest(DB_MESSAGES.exists);
  return row;
}

/**
 * Edits the connection named `db_name` (the name cannot change, as in DB-GPT). An absent or empty password keeps
 * the stored one, unless the server or account changes: then a new password is required.
 */
export async function editConnection(deps: Deps, viewer: Viewer, body: DbConfigBody): Promise<ConnectionRow> {
  const fields = fieldsOf(body, deps.config);
  const row = await visibleConnection(deps, viewer, fields.dbName);
  const patch: Partial<typeof dbConnections.$inferInsert> = { ...fields, updatedAt: deps.now() };
  if (FILE_DB_TYPES.includes(fields.dbType as DbType)) patch.dbPwdEnc = null;
  else if (body.db_pwd) patch.dbPwdEnc = encryptSecret(secretKey(deps.config), body.db_pwd);
  else if (!sameTarget(row, fields) && row.dbPwdEnc) throw badRequest(DB_MESSAGES.needPassword);
  if (body.secrecy !== undefined) {
    assertWithinClearance(viewer, body.secrecy, '连接密级');
    patch.secrecy = body.secrecy;
  }
  if (body.review_role !== undefined) {
    patch.reviewRoles = parseReviewRoles(body.review_role);
    await assertRolesExist(deps, patch.reviewRoles, '可使用的角色不存在');
    // Once roles are granted the old "everyone" is gone: taking them away later leaves the owner only (D89).
    if (patch.reviewRoles.length) patch.openToAll = false;
  }
  if (body.sample_rows !== undefined) patch.sampleRows = body.sample_rows;
  if (body.allowed_tables !== undefined) patch.allowedTables = parseAllowedTables(body.allowed_tables);
  const [updated] = await deps.db.update(dbConnections).set(patch).where(eq(dbConnections.id, row.id)).returning();
  return updated;
}

/** Deletes the connection; answers its id. */
export async function deleteConnection(deps: Deps, viewer: Viewer, dbName: string): Promise<number> {
  const row = await visibleConnection(deps, viewer, dbName);
  await deps.db.delete(dbConnections).where(eq(dbConnections.id, row.id));
  return row.id;
}
