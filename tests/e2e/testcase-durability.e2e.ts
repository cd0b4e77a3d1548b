// Durability of test-case generation against the real server process (issue 14): `kill -9` while tasks are being
// generated, then restart on the same data directory: every task reaches 已完成 exactly once (a task finished before
// the kill is not asked again, one cut off is asked again once, and no case is stored twice).
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm';
import { callApi, demoToken } from './support/api';
import { fakeLlmEnv, startServer, type TestServer } from './support/server';

let server: TestServer | undefined;
let llm: FakeLlm | undefined;
afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

type TaskState = { task_id: string; status: string; position: number; cases: { code: string }[] };

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ITEMS = 8;
/** Items the fake model answers after 1.5 s each, so a kill lands while some are being generated. */
const requirements = Array.from({ length: ITEMS }, (_v, i) => `第${'一二三四五六七八'[i]}条 第 ${i + 1} 项功能须记录操作日志。[delay:1500]`).join('\n');
const itemOfPrompt = (messages: { role: string; content: string }[]) => /需求编号：(.*)/.exec(messages.find((m) => m.role === 'user')?.content ?? '')?.[1];

describe('test-case generation survives kill -9', () => {
  it('finishes every task exactly once after a restart', async () => {
    llm = await startFakeLlm();
    // A lease of 10 minutes: only the restart's recovery can take the cut-off jobs up within the test.
    const env = {
      ...fakeLlmEnv(llm), LLM_CONCURRENCY: '3', JOB_CONCURRENCY: '3', JOB_LEASE_MS: '600000',
    };
    server = await startServer(env);
    let token = await demoToken(server.url);
    const form = new FormData();
    form.append('secrecy', 'internal');
    form.append('file', new Blob([requirements]), '日志需求.txt');
    const res = await fetch(`${server.url}/api/apps/testcase_generation/v2/generate`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const { task_ids: taskIds } = ((await res.json()) as { data: { task_ids: string[] } }).data;
    expect(taskIds).toHaveLength(ITEMS);
    const states = () => callApi<TaskState[]>(server!.url, token, '/api/apps/testcase_generation/v2/task_status', { task_ids: taskIds });

    // Kill once some tasks are done and others are being generated.
    let before: TaskState[] = [];
    await until(async () => {
      before = await states();
      return before.some((s) => s.status === 'completed') && before.some((s) => s.status === 'in_progress');
    }, 60_000, 'some tasks done, some running');
    await server.kill();
    const doneBefore = new Set(before.filter((s) => s.status === 'completed').map((s) => s.position));
    const askedBefore = llm.stats.prompts.length;

    server = await startServer(env, { dataDir: server.dataDir });
    token = await demoToken(server.url);
    let after: TaskState[] = [];
    await until(async () => {
      after = await states();
      return after.every((s) => s.status === 'completed');
    }, 90_000, 'every task completed after the restart');

    // Each task's cases once: codes unique and numbered 01.. without a gap.
    for (const s of after) {
      const codes = s.cases.map((c) => c.code);
      expect(codes.length).toBeGreaterThan(0);
      expect(codes).toEqual(codes.map((_c, i) => `${codes[0].replace(/-\d+$/, '')}-${String(i + 1).padStart(2, '0')}`));
    }
    // The tasks finished before the kill kept their cases and were not asked again; the ones cut off were asked
    // again, each once (a task that finished between the last read and the kill is simply not asked).
    for (const s of before.filter((x) => x.status === 'completed')) {
      expect(after.find((a) => a.task_id === s.task_id)!.cases).toEqual(s.cases);
    }
    const askedAfter = llm.stats.prompts.slice(askedBefore).map(itemOfPrompt);
    const codes = ['第一条', '第二条', '第三条', '第四条', '第五条', '第六条', '第七条', '第八条'];
    expect(askedAfter.filter((c) => doneBefore.has(codes.indexOf(c ?? '') + 1))).toEqual([]);
    expect(askedAfter.length).toBeGreaterThan(0);
    expect(new Set(askedAfter).size).toBe(askedAfter.length);
    expect(askedAfter.every((c) => codes.includes(c ?? ''))).toBe(true);
  }, 240_000);
});
