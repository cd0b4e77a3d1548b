import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Space, SpaceAddBody, SpaceArguments, SpaceSaveBody } from '../../contract/api';
import { inProcessListen, type Db, type InProcessListen } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import type { Deps } from '../deps';
import { departments, knowledgeDocuments, knowledgeSpaces, knowledgeState, roles, users } from '../db/schema';
import { badRequest, HttpError } from '../http-error';
import { grantInput } from '../identity/grant-input';
import { cancel } from '../jobs/queue';
import { mergeArguments, storedArguments, defaultArguments } from './arguments';
import { DOCUMENT_QUEUE, documentJobKey } from './process';
import { removeSpaceFolder } from './storage';
import { spaceVisible, spaceVisibleTo, visibleTo, type Viewer } from './visibility';

/** Space names: Chinese, letters, digits, `_` and `-` (DB-GPT's web rule), at most 100 characters. */
const NAME_PATTERN = /^[\p{Script=Han}A-Za-z0-9_-]{1,100}$/u;

export type SpaceRow = typeof knowledgeSpaces.$inferSelect;

export function checkSpaceName(name: string): string | null {
  if (!NAME_PATTERN.test(name)) return '知识空间名称只能包含中文、字母、数字、下划线和中划线，且不超过 100 个字符';
  return null;
}

const notFound = (name: string) => new HttpError(404, `知识空间不存在：${name}`);

/** The space with that name if the viewer may see it (D93), else 404 in Chinese: a hidden space is not confirmed. */
export async function spaceByName(deps: Pick<Deps, 'db'>, name: string, viewer: Viewer): Promise<SpaceRow> {
  const [space] = await deps.db.select().from(knowledgeSpaces).where(eq(knowledgeSpaces.name, name));
  if (!space || !spaceVisible(space, viewer)) throw notFound(name);
  return space;
}

/** The space (if the viewer may see it, else 404) and its change counter in one query (read by every list poll and search). */
export async function spaceWithGeneration(deps: Pick<Deps, 'db'>, name: string, viewer: Viewer): Promise<{ space: SpaceRow; generation: number }> {
  const found = await anySpaceWithGeneration(deps, name);
  if (!spaceVisible(found.space, viewer)) throw notFound(name);
  return found;
}

async function anySpaceWithGeneration(deps: Pick<Deps, 'db'>, name: string): Promise<{ space: SpaceRow; generation: number }> {
  const live = await liveSpaces(deps.db);
  const known = live?.byName.get(name);
  if (live && known) return { space: known, generation: live.generations.get(known.id) ?? 0 };
  const epoch = live?.epoch;
  const [row] = await spaceWithGenerationQuery(deps.db).execute({ name });
  if (!row) throw notFound(name);
  const generation = Number(row.generation ?? 0);
  if (live) {
    // Counters only grow: the higher of the one read and one announced meanwhile is the latest committed.
    live.generations.set(row.space.id, Math.max(generation, live.generations.get(row.space.id) ?? 0));
    // A space changed while it was read is not kept (the next request reads it again).
    if (live.epoch === epoch) live.byName.set(name, row.space);
  }
  return { space: row.space, generation: Math.max(generation, live?.generations.get(row.space.id) ?? 0) };
}

/**
 * The embedded database (one process, D72): spaces by name and their change counters, kept from the database's own
 * notifications (migration 0017), which PGlite hands to this process with the answer of the statement or
 * transaction that commits them. A request that starts after a change has returned therefore sees it, and the list
 * and recall need no statement to learn the space and its state. PostgreSQL (other processes write too) reads both
 * per request.
 */
type LiveSpaces = { byName: Map<string, SpaceRow>; generations: Map<number, number>; epoch: number };
const live = new WeakMap<Db, Promise<LiveSpaces | null>>();

function liveSpaces(db: Db): Promise<LiveSpaces | null> {
  let kept = live.get(db);
  if (!kept) {
    const listen = inProcessListen(db);
    kept = listen ? follow(listen) : Promise.resolve(null);
    kept.catch(() => live.delete(db));
    live.set(db, kept);
  }
  return kept;
}

async function follow(listen: InProcessListen): Promise<LiveSpaces> {
  const state: LiveSpaces = { byName: new Map(), generations: new Map(), epoch: 0 };
  await listen('kb_knowledge_spaces', () => {
    state.epoch++;
    state.byName.clear();
  });
  await listen('kb_knowledge_state', (payload) => {
    const [space, generation] = payload.split(':').map(Number);
    if (Number.isInteger(space) && generation > (state.generations.get(space) ?? 0)) state.generations.set(space, generation);
  });
  return state;
}

// Every document list and recall starts here (the list is polled by every open page).
const spaceWithGenerationQuery = preparedPerDb((db) => db
  .select({ space: knowledgeSpaces, generation: knowledgeState.generation }).from(knowledgeSpaces)
  .leftJoin(knowledgeState, eq(knowledgeState.spaceId, knowledgeSpaces.id))
  .where(eq(knowledgeSpaces.name, sql.placeholder('name')))
  .prepare('knowledge_space_with_generation'));

/**
 * Only a space's owner changes or deletes it. Refused with 400, not 403: the client ends the session on any 403
 * (spec §8), and this is a refusal of one action, not of the session.
 */
export function assertSpaceOwner(space: SpaceRow, viewer: Viewer): void {
  if (space.ownerId !== viewer.id) throw new HttpError(400, '只有知识空间的创建者可以修改或删除它');
}

const iso = (d: Date) => d.toISOString();

/** The spaces the viewer may see (D93), newest first, with the number of documents the viewer may see. */
export async function listSpaces(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  filter: { name?: string; vector_type?: string; owner?: string },
): Promise<Space[]> {
  const conditions: SQL[] = [spaceVisibleTo(viewer)];
  if (filter.name) conditions.push(eq(knowledgeSpaces.name, filter.name));
  if (filter.vector_type) conditions.push(eq(knowledgeSpaces.vectorType, filter.vector_type));
  if (filter.owner) conditions.push(eq(users.username, filter.owner));
  const rows = await deps.db
    .select({ space: knowledgeSpaces, owner: users.username, ownerName: users.fullName })
    .from(knowledgeSpaces)
    .innerJoin(users, eq(users.id, knowledgeSpaces.ownerId))
    .where(and(...conditions))
    .orderBy(desc(knowledgeSpaces.createdAt), desc(knowledgeSpaces.id));
  const ids = rows.map((r) => r.space.id);
  const counts = new Map<number, number>();
  if (ids.length) {
    const docCounts = await deps.db
      .select({ spaceId: knowledgeDocuments.spaceId, n: count() })
      .from(knowledgeDocuments)
      .where(and(inArray(knowledgeDocuments.spaceId, ids), visibleTo(viewer)))
      .groupBy(knowledgeDocuments.spaceId);
    for (const c of docCounts) counts.set(c.spaceId, Number(c.n));
  }
  const names = await grantNames(deps, rows.map((r) => r.space));
  return rows.map(({ space, owner, ownerName }) => ({
    id: space.id,
    name: space.name,
    vector_type: space.vectorType,
    desc: space.description,
    owner,
    owner_name: ownerName,
    context: JSON.stringify(storedArguments(space.argument)),
    gmt_created: iso(space.createdAt),
    gmt_modified: iso(space.updatedAt),
    docs: counts.get(space.id) ?? 0,
    editable: space.ownerId === viewer.id,
    review_role: space.reviewRoles.join(','),
    review_role_names: space.reviewRoles.map((id) => names.roles.get(id) ?? `角色${id}`),
    dept_ids: space.deptIds.join(','),
    dept_names: space.deptIds.map((id) => names.depts.get(id) ?? `部门${id}`),
  }));
}

async function grantNames(deps: Pick<Deps, 'db'>, spaces: SpaceRow[]) {
  const roleIds = [...new Set(spaces.flatMap((s) => s.reviewRoles))];
  const deptIds = [...new Set(spaces.flatMap((s) => s.deptIds))];
  const [roleRows, deptRows] = await Promise.all([
    roleIds.length ? deps.db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, roleIds)) : [],
    deptIds.length ? deps.db.select({ id: departments.id, name: departments.name }).from(departments).where(inArray(departments.id, deptIds)) : [],
  ]);
  return { roles: new Map(roleRows.map((r) => [r.id, r.name])), depts: new Map(deptRows.map((d) => [d.id, d.name])) };
}

export async function nameTaken(deps: Pick<Deps, 'db'>, name: string): Promise<boolean> {
  const [row] = await deps.db.select({ id: knowledgeSpaces.id }).from(knowledgeSpaces).where(eq(knowledgeSpaces.name, name));
  return Boolean(row);
}

export async function addSpace(deps: Deps, viewer: Viewer, body: SpaceAddBody): Promise<SpaceRow> {
  const problem = checkSpaceName(body.name);
  if (problem) throw badRequest(problem);
  if (await nameTaken(deps, body.name)) throw new HttpError(409, `知识空间名称已存在：${body.name}`);
  const argument = mergeArguments(defaultArguments(), body.argument);
  const grant = await grantInput(deps, body);
  const now = deps.now();
  const [space] = await deps.db.insert(knowledgeSpaces).values({
    name: body.name, description: body.desc ?? '', vectorType: 'FullText', ownerId: viewer.id, argument, createdAt: now, updatedAt: now, ...grant,
  }).returning();
  return space;
}

export async function saveSpace(deps: Deps, viewer: Viewer, body: SpaceSaveBody): Promise<SpaceRow> {
  const space = await spaceByName(deps, body.name, viewer);
  assertSpaceOwner(space, viewer);
  const patch: Partial<SpaceRow> = { updatedAt: deps.now() };
  if (body.new_name !== undefined && body.new_name !== space.name) {
    const problem = checkSpaceName(body.new_name);
    if (problem) throw badRequest(problem);
    if (await nameTaken(deps, body.new_name)) throw new HttpError(409, `知识空间名称已存在：${body.new_name}`);
    patch.name = body.new_name;
  }
  if (body.desc !== undefined) patch.description = body.desc;
  if (body.argument !== undefined) patch.argument = mergeArguments(storedArguments(space.argument), body.argument) satisfies SpaceArguments;
  if (body.review_role !== undefined || body.dept_ids !== undefined) {
    const grant = await grantInput(deps, body);
    if (body.review_role !== undefined) patch.reviewRoles = grant.reviewRoles;
    if (body.dept_ids !== undefined) patch.deptIds = grant.deptIds;
  }
  const [saved] = await deps.db.update(knowledgeSpaces).set(patch).where(eq(knowledgeSpaces.id, space.id)).returning();
  return saved;
}

/**
 * Deletes a space with its documents and chunks (cascade) and cancels their jobs, in one transaction; the
 * files go after the commit (a file left by a crash in between is harmless, a row without its file is not).
 */
export async function deleteSpace(deps: Deps, viewer: Viewer, name: string): Promise<void> {
  const space = await spaceByName(deps, name, viewer);
  assertSpaceOwner(space, viewer);
  await deps.db.transaction(async (tx) => {
    const docs = await tx.select({ id: knowledgeDocuments.id }).from(knowledgeDocuments).where(eq(knowledgeDocuments.spaceId, space.id));
    await cancel({ db: tx as unknown as Deps['db'], now: deps.now }, DOCUMENT_QUEUE, docs.map((d) => documentJobKey(d.id)));
    await tx.delete(knowledgeSpaces).where(eq(knowledgeSpaces.id, space.id));
  });
  await removeSpaceFolder(deps.config, space.id);
}
