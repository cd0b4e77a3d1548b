// The document list from memory (D71): a space's documents are read once per state of the space (its change
// counter), with their sort positions worked out by the database; each viewer's visible set comes from THE
// visibility predicate in SQL (visible-documents.ts). A request then filters, counts and pages in memory: no
// scan of the space's documents per request, which cost 30–120 ms on the embedded database at 10,000 documents.
import { eq, sql } from 'drizzle-orm';
import type { DocumentListBody, KnowledgeDocument } from '../../contract/api';
import type { Db } from '../db/client';
import type { Deps } from '../deps';
import { knowledgeDocuments, knowledgeState, secrecyGrades, users } from '../db/schema';
import { EVERYONE_ROLE, listDocumentsInSql } from './documents';
import { documentAnswers, listedDocument, reviewRoleNames, type ListedDocument } from './listed-document';
import type { SpaceRow } from './spaces';
import { visibleDocumentIds, type VisibleSet } from './visible-documents';
import type { Viewer } from './visibility';

/** Documents kept in memory over all spaces of a process; a larger space is listed in SQL. */
export const MAX_LISTED_DOCUMENTS = 100_000;
/** Orders kept per viewer's set (each an int per visible document), the least recently used dropped first. */
const MAX_ORDERS_PER_SET = 24;

/** One document as listed, with its sort positions (equal values share a position). */
type Listed = ListedDocument & { lowerName: string; rank: Record<SortField, number> };
type SortField = NonNullable<DocumentListBody['sort_by']>;

/** A space's documents at one generation, newest first, and their orders per sort (built when first asked). */
type SpaceDocuments = {
  generation: number; docs: Listed[]; orders: Map<string, Int32Array>; size: number;
  /** Every lower-cased name joined by NUL (which no name holds), and where each begins: one search finds them all. */
  names: string; nameStarts: Int32Array;
};

const views = new WeakMap<Db, Map<number, Promise<SpaceDocuments | null>>>();

/**
 * The space's documents at generation `atLeast` or later, or null when the space is too large to keep. Read in one
 * statement with the counter, so they describe exactly the state that counter names.
 */
async function spaceDocuments(db: Db, spaceId: number, atLeast: number): Promise<SpaceDocuments | null> {
  let cache = views.get(db);
  if (!cache) views.set(db, (cache = new Map()));
  const kept = cache.get(spaceId);
  if (kept) {
    const view = await kept.catch(() => null);
    const now = cache.get(spaceId);
    if (view && view.generation >= atLeast) return view;
    if (now && now !== kept) {
      const newer = await now.catch(() => null);
      if (newer && newer.generation >= atLeast) return newer;
    }
  }
  const loading = readDocuments(db, spaceId);
  cache.set(spaceId, loading);
  loading.catch(() => cache.get(spaceId) === loading && cache.delete(spaceId));
  const view = await loading;
  // Bounded memory: the spaces read longest ago go first.
  let total = 0;
  for (const [id, p] of [...cache.entries()].reverse()) {
    const v = await p.catch(() => null);
    total += v?.size ?? 0;
    if (total > MAX_LISTED_DOCUMENTS && id !== spaceId) cache.delete(id);
  }
  return view;
}

async function readDocuments(db: Db, spaceId: number): Promise<SpaceDocuments | null> {
  const d = knowledgeDocuments;
  const rows = await db.select({
    doc: d, lowerName: sql<string>`lower(${d.docName})`, owner: users.username, ownerName: users.fullName, gradeName: secrecyGrades.text,
    generation: sql<number>`(SELECT ${knowledgeState.generation} FROM ${knowledgeState} WHERE ${knowledgeState.spaceId} = ${spaceId})`,
    // The database's own order (its collation for text), the same one the SQL list sorts by.
    byName: sql<number>`dense_rank() OVER (ORDER BY ${d.docName})`,
    byStatus: sql<number>`dense_rank() OVER (ORDER BY ${d.status})`,
    byModified: sql<number>`dense_rank() OVER (ORDER BY ${d.updatedAt})`,
    byOwnerName: sql<number>`dense_rank() OVER (ORDER BY ${users.fullName})`,
    byGrade: secrecyGrades.rank,
  }).from(d)
    .innerJoin(users, eq(users.id, d.ownerId))
    .innerJoin(secrecyGrades, eq(secrecyGrades.code, d.secrecy))
    .where(eq(d.spaceId, spaceId))
    .orderBy(sql`${d.id} DESC`)
    .limit(MAX_LISTED_DOCUMENTS + 1);
  if (rows.length > MAX_LISTED_DOCUMENTS) return null;
  // A space without documents: the counter still has to come from the same snapshot as "no rows".
  const generation = rows.length ? Number(rows[0].generation ?? 0) : await emptySpaceGeneration(db, spaceId);
  if (generation === null) return readDocuments(db, spaceId);
  const roleNames = await reviewRoleNames({ db }, rows);
  // Object.assign, not a spread: in V8 the spread copies did not share one shape, and every list's filter loop over
  // the 10,000 documents ran ten times slower (document/list p95 25 → 76 ms on the bench).
  const docs = rows.map((row): Listed => Object.assign(listedDocument(row, roleNames), {
    lowerName: row.lowerName,
    rank: {
      doc_name: Number(row.byName), status: Number(row.byStatus), gmt_modified: Number(row.byModified), owner_name: Number(row.byOwnerName),
      secrecy_name: row.byGrade, size: row.doc.size, chunk_size: row.doc.chunkCount,
    },
  }));
  const nameStarts = new Int32Array(docs.length + 1);
  docs.forEach((doc, i) => (nameStarts[i + 1] = nameStarts[i] + doc.lowerName.length + 1));
  return { generation, docs, orders: new Map(), size: docs.length, names: docs.map((doc) => doc.lowerName).join('\0'), nameStarts };
}

/** Which documents' lower-cased names hold `part` (by index), found with one search through the joined names. */
function namesHolding(view: SpaceDocuments, part: string): Uint8Array {
  const found = new Uint8Array(view.docs.length);
  const starts = view.nameStarts;
  let doc = 0;
  for (let at = view.names.indexOf(part); at !== -1;) {
    // The document the match starts in (matches come in order, so the search for it only moves forward).
    while (starts[doc + 1] <= at) doc++;
    found[doc] = 1;
    // On to the next name: one match per name is enough.
    at = view.names.indexOf(part, starts[doc + 1]);
  }
  return found;
}

/** The counter of a space that has no documents, or null when documents arrived meanwhile (then read again). */
async function emptySpaceGeneration(db: Db, spaceId: number): Promise<number | null> {
  const [row] = await db.select({
    generation: sql<number>`(SELECT ${knowledgeState.generation} FROM ${knowledgeState} WHERE ${knowledgeState.spaceId} = ${spaceId})`,
    any: sql<boolean>`EXISTS (SELECT 1 FROM ${knowledgeDocuments} WHERE ${knowledgeDocuments.spaceId} = ${spaceId})`,
  }).from(sql`(SELECT 1) AS one`);
  return row.any ? null : Number(row.generation ?? 0);
}

/** Indexes of `docs` in the list's order: the asked column, then newest first (as the SQL list: documentOrder). */
function orderOf(view: SpaceDocuments, body: DocumentListBody): Int32Array {
  const key = body.sort_by ? `${body.sort_by}:${body.sort_order === 'ASC' ? 'ASC' : 'DESC'}` : 'id';
  let order = view.orders.get(key);
  if (!order) {
    order = Int32Array.from(view.docs.keys()); // already newest first
    const field = body.sort_by;
    if (field) {
      const sign = body.sort_order === 'ASC' ? 1 : -1;
      const docs = view.docs;
      order.sort((a, b) => sign * (docs[a].rank[field] - docs[b].rank[field]) || docs[b].id - docs[a].id);
    }
    view.orders.set(key, order);
  }
  return order;
}

/** Per viewer's set: the visible documents in each order, and whether any is waiting or running. */
const visibleOrders = new WeakMap<VisibleSet, { view: SpaceDocuments; orders: Map<string, Int32Array>; processing: boolean }>();

/** The indexes of the documents the viewer sees, in the list's order (kept with the viewer's set). */
function visibleOrder(view: SpaceDocuments, visible: VisibleSet, body: DocumentListBody): { order: Int32Array; processing: boolean } {
  let kept = visibleOrders.get(visible);
  if (!kept || kept.view !== view) {
    const processing = view.docs.some((d) => visible.ids.has(d.id) && (d.status === 'TODO' || d.status === 'RUNNING'));
    visibleOrders.set(visible, (kept = { view, orders: new Map(), processing }));
  }
  // Grade and status have a few values each: their orders are kept too, like an index on (grade, column).
  const sort = body.sort_by ? `${body.sort_by}:${body.sort_order === 'ASC' ? 'ASC' : 'DESC'}` : 'id';
  const key = `${sort}:${body.secrecy ?? ''}:${body.status ?? ''}`;
  let order = kept.orders.get(key);
  if (order) {
    kept.orders.delete(key);
    kept.orders.set(key, order);
  } else {
    const all = orderOf(view, body);
    order = new Int32Array(visible.ids.size);
    let n = 0;
    for (const i of all) {
      const doc = view.docs[i];
      if (visible.ids.has(doc.id) && (!body.secrecy || doc.secrecy === body.secrecy) && (!body.status || doc.status === body.status)) order[n++] = i;
    }
    order = order.subarray(0, n);
    kept.orders.set(key, order);
    if (kept.orders.size > MAX_ORDERS_PER_SET) kept.orders.delete(kept.orders.keys().next().value as string);
  }
  return { order, processing: kept.processing };
}

const lowered = new WeakMap<Db, Map<string, string>>();
/** A text lower-cased by the database (ILIKE compares lower(name) with lower(pattern) for multi-byte text). */
async function lowerInDb(db: Db, text: string): Promise<string> {
  // Nothing to lower (Chinese, digits, lower-case letters): the same in every collation, no round trip.
  if (text.toLowerCase() === text) return text;
  let cache = lowered.get(db);
  if (!cache) lowered.set(db, (cache = new Map()));
  let value = cache.get(text);
  if (value === undefined) {
    const [row] = await db.select({ v: sql<string>`lower(${text})` }).from(sql`(SELECT 1) AS one`);
    value = row.v;
    if (cache.size > 1000) cache.clear();
    cache.set(text, value);
  }
  return value;
}

/** The filters of the body as a test of one listed document (the same conditions as the SQL list's), or null for none. */
async function filterOf(db: Db, viewer: Viewer, view: SpaceDocuments, body: DocumentListBody): Promise<((doc: Listed, i: number) => boolean) | null> {
  // Grade and status are applied by the order itself (visibleOrder).
  const owner = body.owner || null;
  const part = body.doc_name ? await lowerInDb(db, body.doc_name) : null;
  // NUL joins the names: a pattern holding it (no stored name can) matches nothing, as in SQL.
  const named = part === null ? null : part.includes('\0') ? new Uint8Array(view.docs.length) : namesHolding(view, part);
  // Review roles: none (visible to everyone), or any of these.
  let noRoles = false;
  let anyRole: number[] | null = null;
  if (body.review_role !== undefined && body.review_role !== '') {
    const wanted = String(body.review_role).split(',').map(Number).filter(Number.isInteger);
    if (wanted.includes(EVERYONE_ROLE)) noRoles = true;
    else if (wanted.length) anyRole = wanted;
  }
  const mode = body.review_mode === undefined || body.review_mode === '' ? null : String(body.review_mode) === '0' ? 'shared' : 'own';
  if (!owner && named === null && !noRoles && !anyRole && !mode) return null;
  return (doc, i) => (!owner || doc.owner === owner)
    && (named === null || named[i] === 1)
    && (!noRoles || doc.reviewRoles.length === 0)
    && (!anyRole || doc.reviewRoles.some((r) => anyRole.includes(r)))
    && (mode !== 'shared' || doc.reviewRoles.some((r) => viewer.roleIds.includes(r)))
    && (mode !== 'own' || doc.ownerId === viewer.id);
}

/**
 * A page of a space's documents the viewer may see (spec §3/§4): filters owner, grade, name (Like), status and
 * review role; review mode '0' lists documents shared with the viewer's roles, otherwise the viewer's own.
 * `generation` is the space's counter read by the caller (the answer is at least that recent).
 */
export async function listDocuments(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  space: SpaceRow,
  body: DocumentListBody,
  generation = 0,
): Promise<{ data: KnowledgeDocument[]; total: number; page: number; processing: boolean }> {
  const db = deps.db;
  let view = await spaceDocuments(db, space.id, generation);
  if (!view) return listDocumentsInSql(deps, viewer, space, body);
  let visible = await visibleDocumentIds(db, viewer, space.id, view.generation);
  // The two reads describe the same state, or the older one is read again (a change landed between them).
  for (let tries = 0; visible.generation !== view.generation; tries++) {
    if (tries === 3) return listDocumentsInSql(deps, viewer, space, body);
    if (visible.generation > view.generation) {
      const newer = await spaceDocuments(db, space.id, visible.generation);
      if (!newer) return listDocumentsInSql(deps, viewer, space, body);
      view = newer;
    } else {
      visible = await visibleDocumentIds(db, viewer, space.id, view.generation);
    }
  }
  const page = body.page ?? 1;
  const pageSize = body.page_size ?? 20;
  const from = (page - 1) * pageSize;
  const matches = await filterOf(db, viewer, view, body);
  const { order, processing } = visibleOrder(view, visible, body);
  let rows: Listed[];
  let total: number;
  if (!matches) {
    total = order.length;
    rows = Array.from(order.subarray(from, from + pageSize), (i) => view.docs[i]);
  } else {
    rows = [];
    total = 0;
    const docs = view.docs;
    for (let k = 0; k < order.length; k++) {
      const doc = docs[order[k]];
      if (!matches(doc, order[k])) continue;
      if (total >= from && total < from + pageSize) rows.push(doc);
      total++;
    }
  }
  return { page, total, processing, data: await documentAnswers(deps, viewer, space, rows) };
}
