import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESTCASE_MESSAGES, TESTCASE_PATHS, type GenerationDetail, type TaskState } from '../../../contract/api';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm';
import { errorLogs, testcaseCases, testcaseGenerations, testcaseTasks } from '../../db/schema';
import { TESTCASE_QUEUE } from '../../testcases/task-jobs';
import { bearer, signIn } from '../../test-support/http';
import { multipartBody } from '../../test-support/multipart';
import { closeAll, createLlmApp, TESTCASE_GENERATION } from '../../test-support/llm-app';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
let llm: FakeLlm;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  llm = await startFakeLlm();
  ({ t, tokens } = await createLlmApp(llm, { ...TESTCASE_GENERATION, users: ['demo', 'staff', 'zhangwei', 'wangfang'] }));
});
afterAll(() => closeAll(t, llm));

const REQUIREMENTS = `账号需求
第一条 用户名由字母开头，长度为 4 至 20 个字符。
第二条 密码长度不少于 8 位；连续输错 5 次锁定 30 分钟。
第三条 管理员可以停用账号。`;

function generate(user: string, text: string, fields: Record<string, string> = { secrecy: 'internal' }, name = '需求.txt') {
  const body = multipartBody(fields, [{ field: 'file', name, bytes: Buffer.from(text) }]);
  return t.app.inject({ method: 'POST', url: TESTCASE_PATHS.generate, headers: { ...bearer(tokens[user]), ...body.headers }, payload: body.payload });
}

const post = (url: string, user: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), payload });

async function states(user: string, taskIds: string[]): Promise<TaskState[]> {
  const res = await post(TESTCASE_PATHS.taskStatus, user, { task_ids: taskIds });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function until(user: string, taskIds: string[], done: (s: TaskState[]) => boolean, timeoutMs = 15_000): Promise<TaskState[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await states(user, taskIds);
    if (done(s)) return s;
    if (Date.now() > deadline) throw new Error(`tasks did not settle: ${JSON.stringify(s.map((x) => [x.status, x.reason]))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const all = (status: string) => (s: TaskState[]) => s.every((x) => x.status === status);

describe('test-case generation (issue 14)', () => {
  it('splits the upload into items, answers one task per item at once, and generates reviewed cases for each', async () => {
    const res = await generate('demo', REQUIREMENTS);
    expect(res.statusCode, res.body).toBe(200);
    const { generation_id, task_ids } = res.json().data;
    expect(task_ids).toHaveLength(3);
    const done = await until('demo', task_ids, all('completed'));
    expect(done.map((s) => [s.position, s.status_name, s.progress])).toEqual([[1, '已完成', 100], [2, '已完成', 100], [3, '已完成', 100]]);
    // 第二条 states two limits: one case for each, both sent to the model as explicit constraints.
    expect(done[1].cases.map((c) => c.title)).toEqual([
      '密码长度不少于 8 位：密码长度不少于 8 位（第二条）',
      '密码长度不少于 8 位：连续输错 5 次锁定 30 分钟（第二条）',
    ]);
    expect(done[1].cases[0]).toMatchObject({ code: '第二条-01', priority: 'P0', case_type: '功能', item_code: '第二条' });
    expect(done[1].cases[0].steps[0]).toEqual({ step: '按「密码长度不少于 8 位」操作', expected: '结果符合需求' });

    const detail: GenerationDetail = (await post(TESTCASE_PATHS.detail, 'demo', { generation_id })).json().data;
    expect(detail.generation).toMatchObject({ name: '需求', source_name: '需求.txt', secrecy: 'internal', items: 3, done: 3, covered: 3 });
    expect(detail.items.map((i) => i.code)).toEqual(['第一条', '第二条', '第三条']);
    expect(detail.uncovered).toEqual([]);
    const list = (await post(TESTCASE_PATHS.list, 'demo', {})).json().data;
    expect(list.data[0]).toMatchObject({ generation_id, cases: detail.tasks.reduce((n, s) => n + s.cases.length, 0) });
  });

  it('refuses without a model, creating nothing', async () => {
    const bare = await createTestApp();
    try {
      const token = await signIn(bare.app, 'demo', TEST_DEMO_PASSWORD);
      const body = multipartBody({ secrecy: 'internal' }, [{ field: 'file', name: '需求.txt', bytes: Buffer.from(REQUIREMENTS) }]);
      const res = await bare.app.inject({ method: 'POST', url: TESTCASE_PATHS.generate, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().err_msg).toBe(TESTCASE_MESSAGES.noModel);
      expect(await bare.deps.db.select().from(testcaseGenerations)).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('gives malformed output back to the model once; twice malformed pauses the task with the reason and stores nothing', async () => {
    const before = llm.stats.requests;
    const res = await generate('demo', '第一条 导出文件名包含导出时间。[bad-json]\n第二条 导出须在 10 秒内完成。[bad-json-always]');
    const { task_ids } = res.json().data;
    const s = await until('demo', task_ids, (x) => x[0].status === 'completed' && x[1].status === 'paused');
    expect(s[0].cases.length).toBeGreaterThan(0);
    expect(s[1].reason).toContain(TESTCASE_MESSAGES.repairFailed);
    expect(s[1].reason).toContain('输出不是合法的 JSON');
    expect(s[1].cases).toEqual([]);
    expect(llm.stats.requests - before).toBe(4); // each item: the first answer and one repair
    const repair = llm.stats.prompts.slice(before).find((p) => p.some((m) => m.role === 'assistant'))!;
    expect(repair.at(-1)!.content).toContain('上一次的输出不符合要求');
  });

  it('pauses a task whose model keeps failing once its attempts are used up, and names the tester in the error log', async () => {
    const res = await generate('wangfang', '第一条 登录失败时提示原因。[error:500]');
    const { task_ids } = res.json().data;
    // Each retry waits 2 s on the server's clock: moved on while waiting.
    const [s] = await until('wangfang', task_ids, (x) => (t.clock.advance(2500), x[0].status === 'paused'), 20_000);
    expect(s.reason).toMatch(/^生成失败，已暂停：/);
    const logged = await t.deps.db.select().from(errorLogs).where(eq(errorLogs.route, TESTCASE_QUEUE));
    expect(logged.map((e) => [e.kind, e.username])).toEqual([['job', 'wangfang']]);
    expect(logged[0].userId).not.toBeNull();
  }, 30_000);

  it('pause and terminate abort the running model request; a resumed task finishes', async () => {
    const res = await generate('demo', '第一条 查询须支持分页。[delay:1500]\n第二条 查询结果可导出。[delay:1500]');
    const [a, b] = res.json().data.task_ids as string[];
    await until('demo', [a, b], all('in_progress'));
    const aborted = llm.stats.aborted;
    expect((await post(TESTCASE_PATHS.pause, 'demo', { task_ids: [a] })).json().data[0].status).toBe('paused');
    expect((await post(TESTCASE_PATHS.terminate, 'demo', { task_ids: [b] })).json().data[0].status_name).toBe('已终止');
    await expect.poll(() => llm.stats.aborted - aborted).toBe(2);
    // Nothing stored for either, and they stay as the tester left them.
    await new Promise((r) => setTimeout(r, 300));
    expect((await states('demo', [a, b])).map((s) => [s.status, s.cases.length])).toEqual([['paused', 0], ['terminated', 0]]);
    // A terminated task cannot be resumed; a paused one can, and finishes.
    const refused = await post(TESTCASE_PATHS.resume, 'demo', { task_ids: [b] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().err_msg).toBe('任务当前为「已终止」，不能继续');
    expect((await post(TESTCASE_PATHS.resume, 'demo', { task_ids: [a] })).json().data[0].status).toBe('not_started');
    const [done] = await until('demo', [a], all('completed'));
    expect(done.cases.length).toBeGreaterThan(0);
  });

  it('skips an item with its reason, which counts as covered', async () => {
    const res = await generate('demo', '第一条 界面美观大方。\n第二条 页面加载不超过 2 秒。', { secrecy: 'internal', start: 'false' });
    const { generation_id, task_ids } = res.json().data;
    const detail: GenerationDetail = (await post(TESTCASE_PATHS.detail, 'demo', { generation_id })).json().data;
    expect(detail.tasks.map((s) => s.status)).toEqual(['not_started', 'not_started']);
    const blank = await post(TESTCASE_PATHS.skip, 'demo', { item_id: detail.items[0].id, reason: '   ' });
    expect([blank.statusCode, blank.json().err_msg]).toEqual([400, '请填写跳过的原因']);
    const skipped = await post(TESTCASE_PATHS.skip, 'demo', { item_id: detail.items[0].id, reason: '主观描述，无法测试' });
    expect(skipped.json().data[0]).toMatchObject({ status: 'skipped', reason: '主观描述，无法测试' });
    await post(TESTCASE_PATHS.start, 'demo', { generation_id });
    await until('demo', task_ids, (s) => s[1].status === 'completed');
    const after: GenerationDetail = (await post(TESTCASE_PATHS.detail, 'demo', { generation_id })).json().data;
    expect(after.generation).toMatchObject({ items: 2, done: 2, covered: 2 });
    expect(after.items[0].skip_reason).toBe('主观描述，无法测试');
  });

  it('shows a generation and its cases only to its owner within the owner\'s clearance, by every call', async () => {
    const res = await generate('zhangwei', '第一条 机密系统的登录须双因素认证。', { secrecy: 'confidential' });
    const { generation_id, task_ids } = res.json().data;
    await until('zhangwei', task_ids, all('completed'));
    // wangfang (内部) and demo (秘密) hold 用例生成 and see nothing of a 机密 generation, whatever they call.
    for (const user of ['wangfang', 'demo']) {
      expect(await states(user, task_ids)).toEqual([]);
      expect((await post(TESTCASE_PATHS.detail, user, { generation_id })).statusCode).toBe(404);
      expect((await post(TESTCASE_PATHS.list, user, {})).json().data.data.map((g: { generation_id: string }) => g.generation_id)).not.toContain(generation_id);
      expect((await post(TESTCASE_PATHS.pause, user, { task_ids })).statusCode).toBe(404);
    }
    // Nobody gives a source a grade above their own clearance.
    const above = await generate('demo', REQUIREMENTS, { secrecy: 'confidential' });
    expect(above.statusCode).toBe(400);
    expect(above.json().err_msg).toBe('需求文档的密级不能高于您的密级，或该密级不存在');
  });

  it('needs the function and its button: a user without 用例生成 is refused by every call', async () => {
    const before = await t.deps.db.select().from(testcaseGenerations);
    expect((await generate('staff', REQUIREMENTS)).statusCode).toBe(403);
    expect((await post(TESTCASE_PATHS.list, 'staff', {})).statusCode).toBe(403);
    expect((await post(TESTCASE_PATHS.taskStatus, 'staff', { task_ids: ['x'] })).statusCode).toBe(403);
    tokens.staff = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
    expect(await t.deps.db.select().from(testcaseGenerations)).toHaveLength(before.length);
  });

  it('stores each task\'s cases once', async () => {
    const rows = await t.deps.db.select({ taskId: testcaseCases.taskId, seq: testcaseCases.seq }).from(testcaseCases);
    expect(new Set(rows.map((r) => `${r.taskId}:${r.seq}`)).size).toBe(rows.length);
    const tasks = await t.deps.db.select().from(testcaseTasks);
    expect(tasks.length).toBeGreaterThan(0);
  });
});
