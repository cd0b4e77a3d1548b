import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentListBody } from '../../contract/api';
import { documentChunks, knowledgeDocuments, knowledgeSpaces, roles, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { listDocuments } from './document-list';
import { listDocumentsInSql } from './documents';
import { recallChunks } from './search';
import { spaceGeneration } from './space-cache';
import type { SpaceRow } from './spaces';
import { viewerOf, type Viewer } from './visibility';

// The in-memory list (D71) must answer exactly what the SQL list answers, for every viewer and body, and follow
// every change of the space at the next request: the SQL list is the reference here.

let t: TestApp;
let space: SpaceRow;
const viewers: Record<string, Viewer> = {};
const userIds: Record<string, number> = {};
const USERS = ['demo', 'staff', 'wangfang', 'lina', 'zhangwei'];
const GRADES = ['public', 'internal', 'secret', 'confidential'];
const STATUSES = ['FINISHED', 'FINISHED', 'TODO', 'RUNNING', 'FAILED'];
// Names with case differences, Latin letters beyond ASCII, wildcards and shared prefixes.
const NAMES = ['差旅制度.pdf', 'Manual.docx', 'MANUAL-v2.docx', 'manual_old.txt', 'Ärger.txt', 'ärger2.txt', '100%完成.xlsx', '报销_规定.txt', 'a\\b.txt', '差旅制度.pdf'];

async function viewerOfUser(name: string): Promise<Viewer> {
  const [u] = await t.deps.db.select().from(users).where(eq(users.username, name));
  return viewerOf(t.deps, { id: u.id, system: false, clearance: u.clearance } as Parameters<typeof viewerOf>[1]);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const name of USERS) {
    const [u] = await t.deps.db.select().from(users).where(eq(users.username, name));
    userIds[name] = u.id;
    viewers[name] = await viewerOfUser(name);
  }
  const roleIds = (await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.system, false))).map((r) => r.id);
  const now = t.clock.now();
  [space] = await t.deps.db.insert(knowledgeSpaces).values({ name: '列表', ownerId: userIds.demo, createdAt: now, updatedAt: now }).returning();
  const owners = ['demo', 'staff', 'zhangwei', 'wangfang'];
  await t.deps.db.insert(knowledgeDocuments).values(Array.from({ length: 160 }, (_v, i) => ({
    spaceId: space.id, docName: `${NAMES[i % NAMES.length]}${i % 3 ? '' : i}`, contentType: 'text/plain', filePath: '', size: (i * 37) % 11,
    sha256: '', secrecy: GRADES[i % 4], reviewRoles: i % 3 === 0 ? [] : [roleIds[i % roleIds.length]], ownerId: userIds[owners[i % owners.length]],
    status: STATUSES[i % STATUSES.length], chunkCount: i % 4, createdAt: now,
    // Ties on purpose: equal sort values are ordered newest first, in both lists.
    updatedAt: new Date(now.getTime() + (i % 7) * 1000),
  })));
});
afterAll(async () => t?.close());

/** Bodies over every filter and sort, with pages past the end. */
function bodies(): DocumentListBody[] {
  const sorts = [undefined, 'doc_name', 'secrecy_name', 'status', 'gmt_modified', 'size', 'chunk_size', 'owner_name'] as const;
  const filters: DocumentListBody[] = [
    {}, { secrecy: 'internal' }, { doc_name: 'manual' }, { doc_name: 'ÄRGER' }, { doc_name: '%' }, { doc_name: '_' }, { doc_name: 'a\\b' },
    { doc_name: '差旅' }, { status: 'TODO' }, { review_role: '-2' }, { review_role: `${3},${4}` }, { review_role: '3,' }, { review_mode: '0' },
    { review_mode: '1' }, { owner: 'staff' }, { owner: 'nobody' }, { secrecy: 'secret', doc_name: 'MAN', status: 'FINISHED' },
  ];
  const out: DocumentListBody[] = [];
  filters.forEach((f, i) => sorts.forEach((sort_by, j) => {
    const body: DocumentListBody = { ...f, page: 1 + ((i + j) % 4), page_size: [7, 20, 50][(i + j) % 3] };
    if (sort_by) Object.assign(body, { sort_by, sort_order: (i + j) % 2 ? 'ASC' : 'DESC' });
    out.push(body);
  }));
  return out;
}

async function expectSameAsSql(): Promise<void> {
  const generation = await spaceGeneration(t.deps.db, space.id);
  for (const [name, viewer] of Object.entries(viewers)) {
    for (const body of bodies()) {
      const memory = await listDocuments(t.deps, viewer, space, body, generation);
      expect(memory, `${name} ${JSON.stringify(body)}`).toEqual(await listDocumentsInSql(t.deps, viewer, space, body));
    }
  }
}

async function listedIds(viewer: Viewer): Promise<number[]> {
  const generation = await spaceGeneration(t.deps.db, space.id);
  return (await listDocuments(t.deps, viewer, space, { page_size: 200 }, generation)).data.map((d) => d.id);
}

describe('the document list from memory', () => {
  it('answers what the SQL list answers, for every viewer, filter, sort and page', async () => {
    // Not vacuous: the viewers see different shares, and filters match something.
    const totals = await Promise.all(USERS.map(async (u) => (await listDocuments(t.deps, viewers[u], space, {})).total));
    expect(new Set(totals).size).toBeGreaterThan(2);
    expect((await listDocuments(t.deps, viewers.zhangwei, space, { doc_name: 'manual' })).total).toBeGreaterThan(0);
    await expectSameAsSql();
  });

  it('follows uploads, deletions, renames, regrades and processing at the next request', async () => {
    const demo = viewers.demo;
    const before = await listedIds(demo);
    const [shown] = await t.deps.db.select().from(knowledgeDocuments)
      .where(inArray(knowledgeDocuments.id, before)).limit(1);
    // Regraded above demo's clearance (秘密): gone from the list at once.
    await t.deps.db.update(knowledgeDocuments).set({ secrecy: 'confidential', updatedAt: t.clock.now() }).where(eq(knowledgeDocuments.id, shown.id));
    expect(await listedIds(demo)).not.toContain(shown.id);
    // A new document, a deletion, a rename and a status change.
    const now = t.clock.now();
    const [added] = await t.deps.db.insert(knowledgeDocuments).values({
      spaceId: space.id, docName: 'new manual.txt', contentType: 'text/plain', filePath: '', size: 1, sha256: '', secrecy: 'public', ownerId: userIds.lina,
      status: 'TODO', createdAt: now, updatedAt: now,
    }).returning();
    await t.deps.db.delete(knowledgeDocuments).where(eq(knowledgeDocuments.id, before[1]));
    await t.deps.db.update(knowledgeDocuments).set({ docName: 'renamed MANUAL.txt' }).where(eq(knowledgeDocuments.id, before[2]));
    await t.deps.db.update(knowledgeDocuments).set({ status: 'FINISHED' }).where(eq(knowledgeDocuments.spaceId, space.id));
    const after = await listedIds(demo);
    expect(after).toContain(added.id);
    expect(after).not.toContain(before[1]);
    expect((await listDocuments(t.deps, demo, space, { doc_name: 'renamed' }, await spaceGeneration(t.deps.db, space.id))).data.map((d) => d.id)).toEqual([before[2]]);
    expect((await listDocuments(t.deps, demo, space, {}, await spaceGeneration(t.deps.db, space.id))).processing).toBe(false);
    await expectSameAsSql();
  });

  it('answers a viewer whose roles changed from the new roles (a new viewer, a new set)', async () => {
    const [role] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.system, false)).limit(1);
    const shared = await t.deps.db.select({ id: knowledgeDocuments.id }).from(knowledgeDocuments)
      .where(eq(knowledgeDocuments.spaceId, space.id));
    await t.deps.db.update(knowledgeDocuments).set({ reviewRoles: [role.id], secrecy: 'public', ownerId: userIds.demo })
      .where(eq(knowledgeDocuments.id, shared[0].id));
    const lina = viewers.lina;
    const without = { ...lina, roleIds: lina.roleIds.filter((r) => r !== role.id) };
    const withRole = { ...lina, roleIds: [...without.roleIds, role.id] };
    expect(await listedIds(without)).not.toContain(shared[0].id);
    expect(await listedIds(withRole)).toContain(shared[0].id);
  });

  it('never recalls a passage of a document above the viewer, even from the kept visible set', async () => {
    const now = t.clock.now();
    const [doc] = await t.deps.db.insert(knowledgeDocuments).values({
      spaceId: space.id, docName: 'plan.txt', contentType: 'text/plain', filePath: '', size: 1, sha256: '', secrecy: 'internal', ownerId: userIds.zhangwei,
      status: 'FINISHED', chunkCount: 1, createdAt: now, updatedAt: now,
    }).returning();
    await t.deps.db.insert(documentChunks).values({ documentId: doc.id, spaceId: space.id, seq: 0, content: '量子路线图', terms: '量子 路线图' });
    const recall = async (v: Viewer) => (await recallChunks(t.deps, v, space.id, '量子路线图', 5, 0, await spaceGeneration(t.deps.db, space.id))).map((h) => h.document_id);
    expect(await recall(viewers.staff)).toEqual([doc.id]);
    await t.deps.db.update(knowledgeDocuments).set({ secrecy: 'confidential' }).where(eq(knowledgeDocuments.id, doc.id));
    expect(await recall(viewers.staff)).toEqual([]);
    expect(await recall(viewers.zhangwei)).toEqual([doc.id]);
    expect(await recall(viewers.lina)).toEqual([]);
  });
});
