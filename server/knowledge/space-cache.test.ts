import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeDocuments, knowledgeSpaces, users } from '../db/schema';
import { enqueue } from '../jobs/queue';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { cachedForSpace, spaceGeneration } from './space-cache';

let t: TestApp;
let spaceId: number;
let docId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [demo] = await t.deps.db.select().from(users).where(eq(users.username, 'demo'));
  const now = t.clock.now();
  [{ id: spaceId }] = await t.deps.db.insert(knowledgeSpaces).values({ name: '缓存', ownerId: demo.id, createdAt: now, updatedAt: now }).returning();
  [{ id: docId }] = await t.deps.db.insert(knowledgeDocuments).values({
    spaceId, docName: 'a.txt', contentType: 'text/plain', filePath: 'x', size: 1, sha256: '', secrecy: 'public', ownerId: demo.id,
    createdAt: now, updatedAt: now,
  }).returning();
});
afterAll(async () => t?.close());

describe('answers kept per space', () => {
  it('serves the kept answer until a document or its job changes, then computes again', async () => {
    let computed = 0;
    const get = () => cachedForSpace(t.deps.db, spaceId, 'k', async () => ++computed);
    expect(await get()).toBe(1);
    expect(await get()).toBe(1);
    const before = await spaceGeneration(t.deps.db, spaceId);
    await t.deps.db.update(knowledgeDocuments).set({ status: 'RUNNING' }).where(eq(knowledgeDocuments.id, docId));
    expect(await spaceGeneration(t.deps.db, spaceId)).toBeGreaterThan(before);
    expect(await get()).toBe(2);
    await enqueue(t.deps, { queue: 'document-processing', key: `doc:${docId}`, payload: { docId } });
    expect(await get()).toBe(3);
    await t.deps.db.delete(knowledgeDocuments).where(eq(knowledgeDocuments.id, docId));
    expect(await get()).toBe(4);
  });

  it('shares one computation between concurrent equal requests', async () => {
    let computed = 0;
    const slow = () => cachedForSpace(t.deps.db, spaceId, 'slow', async () => {
      computed++;
      await new Promise((r) => setTimeout(r, 50));
      return computed;
    });
    expect(await Promise.all([slow(), slow(), slow()])).toEqual([1, 1, 1]);
  });
});
