import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentChunks, knowledgeDocuments, knowledgeSpaces, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { termIndex } from './term-index';

let t: TestApp;
let spaceId: number;
let ownerId: number;

async function addDoc(name: string, chunks: string[], status = 'FINISHED'): Promise<number> {
  const now = t.clock.now();
  const [{ id }] = await t.deps.db.insert(knowledgeDocuments).values({
    spaceId, docName: name, contentType: 'text/plain', filePath: 'x', size: 1, sha256: '', secrecy: 'public', ownerId, status, createdAt: now, updatedAt: now,
  }).returning();
  if (chunks.length) await t.deps.db.insert(documentChunks).values(chunks.map((terms, seq) => ({ documentId: id, spaceId, seq, content: terms, terms })));
  return id;
}

/** Chunk ids proposed for the words, best first, as the document each belongs to. */
async function proposed(words: string[]): Promise<number[]> {
  const index = await termIndex(t.deps.db, spaceId);
  const ids = [...index!.rank(words)].flat().map(([id]) => id);
  if (!ids.length) return [];
  const rows = await t.deps.db.select({ id: documentChunks.id, doc: documentChunks.documentId }).from(documentChunks);
  const docOf = new Map(rows.map((r) => [r.id, r.doc]));
  return ids.map((id) => docOf.get(id) ?? -1);
}

beforeAll(async () => {
  t = await createTestApp();
  [{ id: ownerId }] = await t.deps.db.select().from(users).where(eq(users.username, 'demo'));
  const now = t.clock.now();
  [{ id: spaceId }] = await t.deps.db.insert(knowledgeSpaces).values({ name: '索引', ownerId, createdAt: now, updatedAt: now }).returning();
});
afterAll(async () => t?.close());

describe('in-memory term index', () => {
  it('ranks chunks holding every word first, best first, then those holding some', async () => {
    const a = await addDoc('a', ['阀门 密封 阀门 阀门', '阀门 审批']);
    const b = await addDoc('b', ['密封 审批 其他 其他 其他 其他']);
    expect(await proposed(['阀门', '审批'])).toEqual([a, a, b]);
    expect(await proposed(['阀门'])).toEqual([a, a]);
    expect(await proposed(['没有'])).toEqual([]);
  });

  it('follows the database: new, reprocessed, unfinished and deleted documents', async () => {
    const c = await addDoc('c', ['变更 管理']);
    expect(await proposed(['变更'])).toEqual([c]);
    // Reprocessing replaces the chunks and moves updated_at in one transaction.
    t.clock.advance(1000);
    await t.deps.db.transaction(async (tx) => {
      await tx.delete(documentChunks).where(eq(documentChunks.documentId, c));
      await tx.insert(documentChunks).values({ documentId: c, spaceId, seq: 0, content: 'x', terms: '版本 发布' });
      await tx.update(knowledgeDocuments).set({ updatedAt: t.clock.now() }).where(eq(knowledgeDocuments.id, c));
    });
    expect(await proposed(['变更'])).toEqual([]);
    expect(await proposed(['发布'])).toEqual([c]);
    await t.deps.db.update(knowledgeDocuments).set({ status: 'RUNNING' }).where(eq(knowledgeDocuments.id, c));
    expect(await proposed(['发布'])).toEqual([]);
    await t.deps.db.update(knowledgeDocuments).set({ status: 'FINISHED' }).where(eq(knowledgeDocuments.id, c));
    expect(await proposed(['发布'])).toEqual([c]);
    await t.deps.db.delete(knowledgeDocuments).where(eq(knowledgeDocuments.id, c));
    expect(await proposed(['发布'])).toEqual([]);
    await addDoc('todo', ['发布'], 'TODO');
    expect(await proposed(['发布'])).toEqual([]);
  });
});
