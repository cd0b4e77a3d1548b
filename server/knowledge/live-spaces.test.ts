import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeDocuments, knowledgeSpaces, users } from '../db/schema';
import { enqueue } from '../jobs/queue';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { spaceGeneration } from './space-cache';
import { spaceWithGeneration } from './spaces';

// D72: on the embedded database the space and its change counter are known from the database's notifications;
// after any write has returned, the next request must see its effect exactly as a query would.

let t: TestApp;
let ownerId: number;
let spaceId: number;
beforeAll(async () => {
  t = await createTestApp();
  [{ id: ownerId }] = await t.deps.db.select().from(users).where(eq(users.username, 'demo'));
  const now = t.clock.now();
  [{ id: spaceId }] = await t.deps.db.insert(knowledgeSpaces).values({ name: '通知', ownerId, createdAt: now, updatedAt: now }).returning();
});
afterAll(async () => t?.close());

/** The space's owner, who always sees it (D93). */
const asOwner = () => ({ id: ownerId, system: false, grades: [], roleIds: [], deptChain: [] });

/** The counter as the request path sees it, checked against the database's own. */
async function seen(name = '通知'): Promise<number> {
  const { generation } = await spaceWithGeneration(t.deps, name, asOwner());
  expect(generation).toBe(await spaceGeneration(t.deps.db, spaceId));
  return generation;
}

describe('the space and its counter from notifications', () => {
  it('follows every change of the documents and their jobs at the next request, in or out of a transaction', async () => {
    let at = await seen();
    const now = t.clock.now();
    const [doc] = await t.deps.db.insert(knowledgeDocuments).values({
      spaceId, docName: 'a.txt', contentType: 'text/plain', filePath: '', size: 1, sha256: '', secrecy: 'public', ownerId, createdAt: now, updatedAt: now,
    }).returning();
    expect(await seen()).toBeGreaterThan(at);
    at = await seen();
    await t.deps.db.transaction(async (tx) => {
      await tx.update(knowledgeDocuments).set({ secrecy: 'secret' }).where(eq(knowledgeDocuments.id, doc.id));
      await tx.update(knowledgeDocuments).set({ docName: 'b.txt' }).where(eq(knowledgeDocuments.id, doc.id));
    });
    expect(await seen()).toBe(at + 2);
    await enqueue(t.deps, { queue: 'document-processing', key: `doc:${doc.id}`, payload: { docId: doc.id } });
    expect(await seen()).toBeGreaterThan(at + 2);
    at = await seen();
    await t.deps.db.delete(knowledgeDocuments).where(eq(knowledgeDocuments.id, doc.id));
    expect(await seen()).toBeGreaterThan(at);
  });

  it('a rolled-back change moves nothing; a renamed or changed space is read again', async () => {
    const at = await seen();
    await expect(t.deps.db.transaction(async (tx) => {
      await tx.insert(knowledgeDocuments).values({
        spaceId, docName: 'c.txt', contentType: 'text/plain', filePath: '', size: 1, sha256: '', secrecy: 'public', ownerId,
        createdAt: t.clock.now(), updatedAt: t.clock.now(),
      });
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await seen()).toBe(at);
    await t.deps.db.update(knowledgeSpaces).set({ description: '新的说明' }).where(eq(knowledgeSpaces.id, spaceId));
    expect((await spaceWithGeneration(t.deps, '通知', asOwner())).space.description).toBe('新的说明');
    await t.deps.db.update(knowledgeSpaces).set({ name: '通知2' }).where(eq(knowledgeSpaces.id, spaceId));
    await expect(spaceWithGeneration(t.deps, '通知', asOwner())).rejects.toThrow('知识空间不存在');
    expect((await spaceWithGeneration(t.deps, '通知2', asOwner())).space.id).toBe(spaceId);
  });
});
