import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { documentChunks, knowledgeDocuments, knowledgeSpaces, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { flushTermIndexSnapshots, keepTermIndexSnapshots, loadSnapshot, termIndex } from './term-index';

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
async function proposed(words: string[], db: Db = t.deps.db): Promise<number[]> {
  const index = await termIndex(db, spaceId);
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

  it('finds the first page among chunks holding every word in the very order of the full ranking (D82)', async () => {
    // A small vocabulary with a few common words, so questions share words with many chunks in many ways.
    const vocabulary = ['泵', '阀', '管', '压力', '温度', '流量', '检修', '密封', '电机', '轴承', '报警', '记录'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = (k: number) => Array.from({ length: k }, () => vocabulary[Math.floor(random() ** 2 * vocabulary.length)]);
    for (let d = 0; d < 12; d++) await addDoc(`r${d}`, Array.from({ length: 25 }, () => pick(3 + Math.floor(random() * 12)).join(' ')));
    const index = (await termIndex(t.deps.db, spaceId))!;
    let quick = 0;
    for (let q = 0; q < 150; q++) {
      const words = [...new Set(pick(1 + Math.floor(random() * 4)))];
      if (q % 10 === 0) words.push('没有的词');
      const minRelevance = q % 7 === 0 ? 0.5 : 0;
      const full = [...index.rank(words, minRelevance, undefined, Infinity)].flat();
      const pages = [...index.rank(words, minRelevance, undefined, 5)];
      expect(pages.flat()).toEqual(full);
      // The first page alone, as recall reads it.
      expect(index.rank(words, minRelevance, undefined, 5).next().value ?? []).toEqual(full.slice(0, Math.min(5, full.length)));
      if (pages.length > 1 && pages[0].length === 5 && pages[0].every(([, r]) => r === pages[0][0][1])) quick++;
    }
    expect(quick).toBeGreaterThan(50);
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

  it('leaves out a disabled chunk, and takes it back once enabled, when its document moves on (issue 29)', async () => {
    const d = await addDoc('d', ['停用 保留', '停用 候选']);
    expect(await proposed(['停用'])).toEqual([d, d]);
    const [first] = await t.deps.db.select().from(documentChunks).where(eq(documentChunks.documentId, d)).orderBy(documentChunks.seq);
    const setDisabled = async (disabled: boolean) => {
      t.clock.advance(1000);
      await t.deps.db.transaction(async (tx) => {
        await tx.update(documentChunks).set({ disabled }).where(eq(documentChunks.id, first.id));
        await tx.update(knowledgeDocuments).set({ updatedAt: t.clock.now() }).where(eq(knowledgeDocuments.id, d));
      });
    };
    await setDisabled(true);
    expect(await proposed(['停用'])).toEqual([d]);
    expect(await proposed(['保留'])).toEqual([]);
    // A fresh build (another process, no snapshot) leaves it out too.
    expect(await proposed(['保留'], new Proxy(t.deps.db, {}))).toEqual([]);
    await setDisabled(false);
    expect(await proposed(['保留'])).toEqual([d]);
  });

  it('starts a new process from the snapshot on disk and reads only what changed since', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kb-term-index-'));
    // A process is its own Db: the indexes are kept per Db (a Proxy is another Db over the same connection).
    const processOf = () => {
      const db = new Proxy(t.deps.db, {});
      keepTermIndexSnapshots(db, dir);
      return db;
    };
    try {
      const first = processOf();
      const kept = await addDoc('kept', ['巡检 记录 巡检', '巡检 周期']);
      const changed = await addDoc('changed', ['巡检 旧版']);
      const gone = await addDoc('gone', ['巡检 作废']);
      expect((await proposed(['巡检'], first)).sort()).toEqual([kept, kept, changed, gone].sort());
      await flushTermIndexSnapshots(first);
      expect(readdirSync(dir)).toEqual([`space-${spaceId}.idx`]);

      // Meanwhile: one document reprocessed, one deleted, one added.
      t.clock.advance(1000);
      await t.deps.db.transaction(async (tx) => {
        await tx.delete(documentChunks).where(eq(documentChunks.documentId, changed));
        await tx.insert(documentChunks).values({ documentId: changed, spaceId, seq: 0, content: 'x', terms: '巡检 新版 新版' });
        await tx.update(knowledgeDocuments).set({ updatedAt: t.clock.now() }).where(eq(knowledgeDocuments.id, changed));
      });
      await t.deps.db.delete(knowledgeDocuments).where(eq(knowledgeDocuments.id, gone));
      const added = await addDoc('added', ['巡检 新增']);
      // An unchanged document's chunks are not read again: the terms of its rows, rewritten behind the index's back
      // (updated_at kept), are not what the next process ranks by; the snapshot's are.
      await t.deps.db.update(documentChunks).set({ terms: '无关' }).where(eq(documentChunks.documentId, kept));

      const second = processOf();
      expect((await proposed(['巡检'], second)).sort()).toEqual([kept, kept, changed, added].sort());
      expect(await proposed(['新版'], second)).toEqual([changed]);
      expect(await proposed(['旧版'], second)).toEqual([]);
      expect(await proposed(['作废'], second)).toEqual([]);
      expect(await proposed(['无关'], second)).toEqual([]);
      // A fresh build (no snapshot) reads the rows as they are.
      const fresh = new Proxy(t.deps.db, {});
      expect(await proposed(['无关'], fresh)).toEqual([kept, kept]);

      // A damaged snapshot is not used: the index is built from the database.
      writeFileSync(path.join(dir, `space-${spaceId}.idx`), 'KBTI\u0004\u0000\u0000\u0000{"ve');
      expect(await loadSnapshot(dir, spaceId)).toBeNull();
      expect(await proposed(['无关'], processOf())).toEqual([kept, kept]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
