import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_PATHS } from '../../contract/api';
import { knowledgeDocuments } from '../db/schema';
import { bearer, signIn } from '../test-support/http';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../test-support/test-config';
import { DEMO_SPACE, seedDemoKnowledge } from './demo-seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('demo knowledge space', () => {
  it('holds sample documents of every grade, processed in the background, each user seeing their share', async () => {
    const ids = await seedDemoKnowledge(t.deps);
    expect(ids).toHaveLength(5);
    expect(await seedDemoKnowledge(t.deps)).toEqual([]); // once only
    t.app.documentWorker?.wake();
    const deadline = Date.now() + 15_000;
    for (;;) {
      const rows = await t.deps.db.select().from(knowledgeDocuments);
      if (rows.every((r) => r.status === 'FINISHED') || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const names = async (user: string) => {
      const token = await signIn(t.app, user, TEST_DEMO_PASSWORD);
      const res = await t.app.inject({
        method: 'POST', url: KNOWLEDGE_PATHS.documentList.replace(':space', encodeURIComponent(DEMO_SPACE)), headers: bearer(token), payload: {},
      });
      return res.json().data.data.map((d: { doc_name: string; status: string }) => `${d.doc_name}:${d.status}`).sort();
    };
    expect(await names('lina')).toEqual(['员工手册.md:FINISHED']);
    expect(await names('staff')).toEqual(['员工手册.md:FINISHED', '差旅报销制度.txt:FINISHED']);
    expect(await names('demo')).toEqual(['产品路线图.md:FINISHED', '员工手册.md:FINISHED', '差旅报销制度.txt:FINISHED', '研发规范.html:FINISHED']);
    expect(await names('zhangwei')).toHaveLength(5);
  });
});
