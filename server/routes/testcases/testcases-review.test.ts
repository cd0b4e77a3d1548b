import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESTCASE_LIMITS, TESTCASE_PATHS, type GenerationDetail, type TaskState, type TestCase } from '../../../contract/api';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm';
import { migrationsFolder } from '../../db/migrations-folder';
import { auditLog, functionButtons, functions, roleButtons, roles, testcaseCases, testcaseGenerations, testcaseTasks } from '../../db/schema';
import { invalidateIdentity } from '../../identity/identity-cache';
import { bearer } from '../../test-support/http';
import { multipartBody } from '../../test-support/multipart';
import { closeAll, createLlmApp, TESTCASE_GENERATION } from '../../test-support/llm-app';
import type { TestApp } from '../../test-support/test-app';
import { XLSX_COLUMNS } from '../../testcases/export';

// The tester's review of a generation (issue 14): cases edited and saved, items edited and merged, the source
// replaced by a newer version, archiving, and the exports read back.
let t: TestApp;
let llm: FakeLlm;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  llm = await startFakeLlm();
  ({ t, tokens } = await createLlmApp(llm, { ...TESTCASE_GENERATION, users: ['demo', 'zhangwei', 'wangfang'] }));
});
afterAll(() => closeAll(t, llm));

const post = (url: string, user: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), payload });

function upload(url: string, user: string, text: string, fields: Record<string, string>, name = '需求.md') {
  const body = multipartBody(fields, [{ field: 'file', name, bytes: Buffer.from(text) }]);
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(tokens[user]), ...body.headers }, payload: body.payload });
}

async function detail(user: string, generationId: string): Promise<GenerationDetail> {
  const res = await post(TESTCASE_PATHS.detail, user, { generation_id: generationId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function until(user: string, generationId: string, done: (d: GenerationDetail) => boolean, timeoutMs = 15_000): Promise<GenerationDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const d = await detail(user, generationId);
    if (done(d)) return d;
    if (Date.now() > deadline) throw new Error(`did not settle: ${JSON.stringify(d.tasks.map((s) => [s.status, s.reason]))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The current task of each item, in item order. */
const current = (d: GenerationDetail): TaskState[] => d.items.map((i) => d.tasks.find((s) => s.task_id === i.task_id)!);

const V1 = `# 账号管理
## 1.1 注册
用户名长度为 4 至 20 个字符。
## 1.2 登录
密码错误 5 次锁定账号。
## 1.3 注销
用户可以注销账号。
## 1.4 头像
头像文件不超过 2 MB。`;

async function generated(user = 'demo', text = V1, name = '账号需求'): Promise<GenerationDetail> {
  const res = await upload(TESTCASE_PATHS.generate, user, text, { secrecy: 'internal', name });
  expect(res.statusCode, res.body).toBe(200);
  return until(user, res.json().data.generation_id, (d) => current(d).every((s) => s.status === 'completed'));
}

const editBody = (c: TestCase, change: Partial<TestCase>) => ({
  case_id: c.id, title: c.title, module: c.module, precondition: c.precondition, steps: c.steps, priority: c.priority, case_type: c.case_type, ...change,
});

describe('reviewing generated cases (issue 14)', () => {
  it('saves an edited case as the tester goes; the edit is there on reload and validated on the server', async () => {
    const d = await generated();
    const c = current(d)[0].cases[0];
    const edited = editBody(c, {
      title: '用户名长度边界：3、4、20、21 个字符', precondition: '已打开注册页', priority: 'P1', case_type: '边界',
      steps: [{ step: '输入 3 个字符的用户名', expected: '提示长度不足' }, { step: '输入 21 个字符的用户名', expected: '提示超出长度' }],
    });
    const res = await post(TESTCASE_PATHS.editCase, 'demo', edited);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: c.id, code: c.code, title: edited.title, priority: 'P1', item_code: c.item_code });
    const again = current(await detail('demo', d.generation.generation_id))[0].cases[0];
    expect(again).toEqual({ ...c, ...res.json().data });
    expect(again.steps).toEqual(edited.steps);

    const refusals: [object, string][] = [
      [editBody(c, { title: '   ' }), '用例名称不能为空'],
      [editBody(c, { steps: [{ step: '打开', expected: '  ' }] }), '第 1 步的操作和预期结果都不能为空'],
    ];
    for (const [body, message] of refusals) {
      const r = await post(TESTCASE_PATHS.editCase, 'demo', body);
      expect([r.statusCode, r.json().err_msg]).toEqual([400, message]);
    }
    for (const body of [editBody(c, { priority: 'P9' }), editBody(c, { steps: [] }), { ...editBody(c, {}), title: 'x'.repeat(256) }]) {
      expect((await post(TESTCASE_PATHS.editCase, 'demo', body)).statusCode).toBe(400);
    }
    // Another user (same role, lower clearance is not the point here: it is not theirs) cannot touch it.
    expect((await post(TESTCASE_PATHS.editCase, 'wangfang', editBody(c, { title: '改掉' }))).statusCode).toBe(404);
    expect(current(await detail('demo', d.generation.generation_id))[0].cases[0].title).toBe(edited.title);
  });

  it('generates an edited item again, and a merged pair as one item', async () => {
    const d = await generated();
    const [first, second, third] = d.items;
    const firstCases = current(d)[0].cases.map((c) => c.id);
    const res = await post(TESTCASE_PATHS.editItem, 'demo', { item_id: first.id, title: '注册', text: '用户名长度为 6 至 16 个字符，只能包含字母和数字。' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].status).toBe('not_started');
    const after = await until('demo', d.generation.generation_id, (x) => current(x)[0].status === 'completed');
    expect(after.items[0].text).toBe('用户名长度为 6 至 16 个字符，只能包含字母和数字。');
    expect(current(after)[0].cases.map((c) => c.title)).toEqual(['注册：用户名长度为 6 至 16 个字符，只能包含字母和数字（R1）']);
    expect(current(after)[0].cases.map((c) => c.id)).not.toEqual(firstCases);
    // Blank text is refused.
    const blank = await post(TESTCASE_PATHS.editItem, 'demo', { item_id: first.id, title: '注册', text: '  ' });
    expect([blank.statusCode, blank.json().err_msg]).toEqual([400, '需求标题和内容都不能为空']);

    const merged = await post(TESTCASE_PATHS.mergeItem, 'demo', { item_id: second.id });
    expect(merged.statusCode, merged.body).toBe(200);
    const m = await until('demo', d.generation.generation_id, (x) => current(x).every((s) => s.status === 'completed'));
    expect(m.items.map((i) => [i.position, i.title])).toEqual([[1, '注册'], [2, '1.2 登录'], [3, '1.4 头像']]);
    expect(m.items[1].text).toBe(`${second.text}\n${third.text}`);
    expect(current(m)[1].cases.map((c) => c.title)).toContain('1.2 登录：密码错误 5 次锁定账号（R2）');
    expect(m.generation).toMatchObject({ items: 3, covered: 3 });
    const last = await post(TESTCASE_PATHS.mergeItem, 'demo', { item_id: m.items[2].id });
    expect([last.statusCode, last.json().err_msg]).toEqual([400, '这是最后一个需求条目，没有可合并的下一条']);
  });

  it('refuses to edit or merge an item while its task is being generated', async () => {
    const res = await upload(TESTCASE_PATHS.generate, 'demo', '第一条 查询须分页。[delay:1500]\n第二条 查询可导出。', { secrecy: 'internal' });
    const gid = res.json().data.generation_id;
    const d = await until('demo', gid, (x) => current(x)[0].status === 'in_progress');
    const edit = await post(TESTCASE_PATHS.editItem, 'demo', { item_id: d.items[0].id, title: '查询', text: '查询须分页，每页 20 条。' });
    expect([edit.statusCode, edit.json().err_msg]).toEqual([400, '该条目正在生成，请先暂停再修改']);
    expect((await post(TESTCASE_PATHS.mergeItem, 'demo', { item_id: d.items[0].id })).statusCode).toBe(400);
    await until('demo', gid, (x) => current(x).every((s) => s.status === 'completed'));
  });

  it('replaces the source: changed items expire and get 待更新 tasks that finish as 最新, new ones are added, removed ones leave', async () => {
    const d = await generated();
    const gid = d.generation.generation_id;
    const v2 = V1.replace('用户名长度为 4 至 20 个字符。', '用户名长度为 6 至 20 个字符。').replace(/## 1\.4 头像\n.*$/, '## 1.5 昵称\n昵称不超过 12 个字。');
    const res = await upload(TESTCASE_PATHS.replaceSource, 'demo', v2, { secrecy: 'internal', generation_id: gid }, '需求-v2.md');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ unchanged: 2, changed: 1, added: 1, removed: 1 });
    let after = await detail('demo', gid);
    expect(after.generation).toMatchObject({ source_name: '需求-v2.md', items: 4 });
    expect(after.items.map((i) => [i.title, after.tasks.find((s) => s.task_id === i.task_id)!.status_name]))
      .toEqual([['1.1 注册', '待更新'], ['1.2 登录', '已完成'], ['1.3 注销', '已完成'], ['1.5 昵称', '待更新'], ['1.4 头像', '已过期']]);
    // The old cases of the changed item stay, expired; they are not exported nor counted.
    const expired = after.tasks.filter((s) => s.status === 'expired');
    expect(expired).toHaveLength(2);
    expect(expired.every((s) => s.cases.length > 0)).toBe(true);
    expect(after.uncovered.map((id) => after.items.find((i) => i.id === id)!.title)).toEqual(['1.1 注册', '1.5 昵称']);
    // Counted alike in the summary: the expired cases neither count nor cover.
    expect(after.generation).toMatchObject({ items: 4, covered: 2, cases: current(after).filter((s) => s.status !== 'expired').reduce((n, s) => n + s.cases.length, 0) });

    expect((await post(TESTCASE_PATHS.start, 'demo', { generation_id: gid })).json().data).toHaveLength(2);
    after = await until('demo', gid, (x) => current(x).filter((s) => s.status === 'latest').length === 2);
    expect(current(after).map((s) => s.status_name)).toEqual(['最新', '已完成', '已完成', '最新', '已过期']);
    expect(current(after)[0].cases.map((c) => c.title)).toContain('1.1 注册：用户名长度为 6 至 20 个字符（R1）');
    expect(after.generation).toMatchObject({ items: 4, covered: 4, done: 4 });
    expect(after.uncovered).toEqual([]);

    // The last current item's neighbour is the removed one: not mergeable.
    const lastCurrent = after.items.find((i) => i.title === '1.5 昵称')!;
    const merge = await post(TESTCASE_PATHS.mergeItem, 'demo', { item_id: lastCurrent.id });
    expect([merge.statusCode, merge.json().err_msg]).toEqual([400, '这是最后一个需求条目，没有可合并的下一条']);

    // A lower grade than the generation's is refused: its cases came from the older version.
    const up = await upload(TESTCASE_PATHS.replaceSource, 'demo', v2, { secrecy: 'secret', generation_id: gid });
    expect(up.statusCode, up.body).toBe(200);
    const down = await upload(TESTCASE_PATHS.replaceSource, 'demo', v2, { secrecy: 'internal', generation_id: gid });
    expect([down.statusCode, down.json().err_msg]).toEqual([400, '新版本的密级不能低于原需求文档的密级（秘密）']);
    // Someone else's generation is not found.
    expect((await upload(TESTCASE_PATHS.replaceSource, 'zhangwei', v2, { secrecy: 'secret', generation_id: gid })).statusCode).toBe(404);
  });

  it('archives a generation: every task 已归档, hidden from the default list, read-only', async () => {
    const d = await generated();
    const gid = d.generation.generation_id;
    expect((await post(TESTCASE_PATHS.archive, 'demo', { generation_id: gid })).statusCode).toBe(200);
    const after = await detail('demo', gid);
    expect(after.generation).toMatchObject({ archived: true, items: 4, done: 4, covered: 4 });
    expect(new Set(after.tasks.map((s) => s.status_name))).toEqual(new Set(['已归档']));
    const list = (archived: boolean) => post(TESTCASE_PATHS.list, 'demo', { archived }).then((r) => r.json().data.data.map((g: { generation_id: string }) => g.generation_id));
    expect(await list(false)).not.toContain(gid);
    expect(await list(true)).toContain(gid);
    const c = current(after)[0].cases[0];
    const writes = [
      post(TESTCASE_PATHS.editCase, 'demo', editBody(c, { title: '改' })),
      post(TESTCASE_PATHS.editItem, 'demo', { item_id: d.items[0].id, title: 'x', text: 'y' }),
      post(TESTCASE_PATHS.mergeItem, 'demo', { item_id: d.items[0].id }),
      post(TESTCASE_PATHS.skip, 'demo', { item_id: d.items[0].id, reason: '不测' }),
      post(TESTCASE_PATHS.start, 'demo', { generation_id: gid }),
      post(TESTCASE_PATHS.archive, 'demo', { generation_id: gid }),
      upload(TESTCASE_PATHS.replaceSource, 'demo', V1, { secrecy: 'internal', generation_id: gid }),
    ];
    for (const res of await Promise.all(writes)) expect(res.statusCode, res.body).toBe(400);
    // Still exported (read-only is not hidden).
    expect((await post(TESTCASE_PATHS.export, 'demo', { generation_id: gid, format: 'xlsx' })).statusCode).toBe(200);
  });
});

describe('cases added and removed one by one, generations named apart (issue 27 §6)', () => {
  const newCase = (itemId: number, change: object = {}) => ({
    item_id: itemId, title: '头像为 2 MB 整', module: '账号管理', precondition: '已登录', priority: 'P2', case_type: '边界',
    steps: [{ step: '上传 2 MB 的头像', expected: '上传成功' }], ...change,
  });

  it('adds a hand-written case to an item, numbered after its last, and removes a case; both kept on reload and audited', async () => {
    const d = await generated('demo', V1, '逐条增删');
    const gid = d.generation.generation_id;
    const first = current(d)[3];
    const added = await post(TESTCASE_PATHS.addCase, 'demo', newCase(d.items[3].id));
    expect(added.statusCode, added.body).toBe(200);
    const lastCode = first.cases.at(-1)!.code;
    const nextSeq = Number(lastCode.slice(lastCode.lastIndexOf('-') + 1)) + 1;
    expect(added.json().data).toMatchObject({ title: '头像为 2 MB 整', item_id: d.items[3].id, code: `${d.items[3].code}-${String(nextSeq).padStart(2, '0')}` });
    let after = current(await detail('demo', gid))[3];
    expect(after.cases.map((c) => c.title)).toEqual([...first.cases.map((c) => c.title), '头像为 2 MB 整']);

    const gone = first.cases[0];
    expect((await post(TESTCASE_PATHS.deleteCase, 'demo', { case_id: gone.id })).statusCode).toBe(200);
    after = current(await detail('demo', gid))[3];
    expect(after.cases.map((c) => c.id)).not.toContain(gone.id);
    expect(after.cases).toHaveLength(first.cases.length);
    // The export has what the page shows.
    expect((await post(TESTCASE_PATHS.export, 'demo', { generation_id: gid, format: 'xlsx' })).statusCode).toBe(200);
    const audit = await t.deps.db.select({ action: auditLog.action }).from(auditLog)
      .where(inArray(auditLog.action, ['testcase-case-add', 'testcase-case-delete']));
    expect(audit.map((r) => r.action).sort()).toEqual(['testcase-case-add', 'testcase-case-delete']);
  });

  it('refuses additions and removals that are not the tester\'s to make, in Chinese, and changes nothing', async () => {
    const d = await generated('demo', V1, '增删校验');
    const item = d.items[0];
    const c = current(d)[0].cases[0];
    const refusals: [object, string][] = [
      [newCase(item.id, { title: '  ' }), '用例名称不能为空'],
      [newCase(item.id, { steps: [{ step: '上传', expected: ' ' }] }), '第 1 步的操作和预期结果都不能为空'],
    ];
    for (const [body, message] of refusals) {
      const r = await post(TESTCASE_PATHS.addCase, 'demo', body);
      expect([r.statusCode, r.json().err_msg]).toEqual([400, message]);
    }
    expect((await post(TESTCASE_PATHS.addCase, 'demo', newCase(item.id, { priority: 'P9' }))).statusCode).toBe(400);
    // Not theirs: 404 for both calls, nothing changed.
    expect((await post(TESTCASE_PATHS.addCase, 'wangfang', newCase(item.id))).statusCode).toBe(404);
    expect((await post(TESTCASE_PATHS.deleteCase, 'wangfang', { case_id: c.id })).statusCode).toBe(404);
    // An item being generated again: no case added or removed until it is done.
    await t.deps.db.update(testcaseTasks).set({ status: 'in_progress' }).where(eq(testcaseTasks.uid, current(d)[0].task_id));
    const busy = await post(TESTCASE_PATHS.addCase, 'demo', newCase(item.id));
    expect([busy.statusCode, busy.json().err_msg]).toEqual([400, '该条目正在重新生成，暂时不能编辑它的用例']);
    expect((await post(TESTCASE_PATHS.deleteCase, 'demo', { case_id: c.id })).statusCode).toBe(400);
    await t.deps.db.update(testcaseTasks).set({ status: 'completed' }).where(eq(testcaseTasks.uid, current(d)[0].task_id));
    // At most the per-item limit.
    const room = TESTCASE_LIMITS.maxCasesPerItem - current(d)[0].cases.length;
    for (let i = 0; i < room; i++) expect((await post(TESTCASE_PATHS.addCase, 'demo', newCase(item.id, { title: `补充 ${i}` }))).statusCode).toBe(200);
    const full = await post(TESTCASE_PATHS.addCase, 'demo', newCase(item.id));
    expect([full.statusCode, full.json().err_msg]).toEqual([400, `每个需求条目最多 ${TESTCASE_LIMITS.maxCasesPerItem} 条用例`]);
    // Archived: read-only.
    await post(TESTCASE_PATHS.archive, 'demo', { generation_id: d.generation.generation_id });
    expect((await post(TESTCASE_PATHS.deleteCase, 'demo', { case_id: c.id })).statusCode).toBe(400);
    expect(current(await detail('demo', d.generation.generation_id))[0].cases.map((x) => x.id)).toContain(c.id);
  });

  it('never gives one user two generations of the same name: a repeated name is numbered', async () => {
    const names = async () => (await post(TESTCASE_PATHS.list, 'zhangwei', { page: 1, page_size: 50 })).json().data.data
      .map((g: { name: string }) => g.name) as string[];
    const make = (name?: string) => upload(TESTCASE_PATHS.generate, 'zhangwei', V1, name ? { secrecy: 'internal', name } : { secrecy: 'internal' }, '接口需求.md');
    for (const res of await Promise.all([make('同名需求'), make('同名需求'), make('同名需求')])) expect(res.statusCode, res.body).toBe(200);
    expect((await make()).statusCode).toBe(200);
    expect((await make()).statusCode).toBe(200);
    expect((await names()).sort()).toEqual(['同名需求', '同名需求（2）', '同名需求（3）', '接口需求', '接口需求（2）'].sort());
  });

  it('migration 0024 numbers the duplicates an existing database holds, keeping the oldest as it was', async () => {
    const d = await generated('demo', V1, '旧库重名');
    const twin = await generated('demo', V1, '旧库重名（x）');
    await t.deps.db.execute(sql.raw('ALTER TABLE testcase_generations DROP CONSTRAINT testcase_generations_owner_name_uq'));
    await t.deps.db.update(testcaseGenerations).set({ name: '旧库重名' }).where(eq(testcaseGenerations.uid, twin.generation.generation_id));
    const migration = fs.readFileSync(path.join(migrationsFolder(), '0024_testcase-names.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.deps.db.execute(sql.raw(statement));
    const rows = await t.deps.db.select({ id: testcaseGenerations.id, uid: testcaseGenerations.uid, name: testcaseGenerations.name })
      .from(testcaseGenerations).where(inArray(testcaseGenerations.uid, [d.generation.generation_id, twin.generation.generation_id]));
    const byUid = new Map(rows.map((r) => [r.uid, r]));
    expect(byUid.get(d.generation.generation_id)!.name).toBe('旧库重名');
    expect(byUid.get(twin.generation.generation_id)!.name).toBe(`旧库重名（#${byUid.get(twin.generation.generation_id)!.id}）`);
  });
});

/** The files of a zip (stored or deflated). */
function unzip(buf: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLen + extra + comment;
  }
  return files;
}

type Topic = { title: string; children?: { attached: Topic[] } };

describe('secrecy of the review calls (issue 14)', () => {
  it('answers 404 to every review call on a generation above the caller\'s clearance, and changes nothing', async () => {
    const res = await upload(TESTCASE_PATHS.generate, 'zhangwei', '第一条 机密系统登录须双因素认证。\n第二条 会话 15 分钟无操作自动退出。', { secrecy: 'confidential' });
    expect(res.statusCode, res.body).toBe(200);
    const gid = res.json().data.generation_id;
    const d = await until('zhangwei', gid, (x) => current(x).every((s) => s.status === 'completed'));
    const c = current(d)[0].cases[0];
    const calls = [
      post(TESTCASE_PATHS.editCase, 'demo', editBody(c, { title: '改' })),
      post(TESTCASE_PATHS.editItem, 'demo', { item_id: d.items[0].id, title: 'x', text: 'y' }),
      post(TESTCASE_PATHS.mergeItem, 'demo', { item_id: d.items[0].id }),
      post(TESTCASE_PATHS.archive, 'demo', { generation_id: gid }),
      post(TESTCASE_PATHS.export, 'demo', { generation_id: gid, format: 'xlsx' }),
      post(TESTCASE_PATHS.export, 'demo', { generation_id: gid, format: 'xmind' }),
      upload(TESTCASE_PATHS.replaceSource, 'demo', '第一条 改。', { secrecy: 'internal', generation_id: gid }),
    ];
    for (const r of await Promise.all(calls)) expect(r.statusCode, r.body).toBe(404);
    expect(await detail('zhangwei', gid)).toEqual(d);
  });
});

describe('exports (issue 14)', () => {
  let gid = '';
  let cases: TestCase[] = [];
  beforeAll(async () => {
    const d = await generated('demo', `# 导出\n## 2.1 文件\n导出文件不超过 10 MB。\n## 2.2 格式\n支持 xlsx 和 xmind。`, '导出');
    gid = d.generation.generation_id;
    // A tester's text that a spreadsheet would run as a formula.
    const c = current(d)[0].cases[0];
    await post(TESTCASE_PATHS.editCase, 'demo', editBody(c, {
      title: '=HYPERLINK("http://evil.example","点我")', precondition: '+1+1', steps: [{ step: '@SUM(A1)', expected: '-2+3' }, { step: '打开', expected: '显示' }],
    }));
    cases = current(await detail('demo', gid)).flatMap((s) => s.cases);
  });

  it('writes xlsx in MeterSphere\'s import columns, every case and step read back, formulas neutralised', async () => {
    const res = await post(TESTCASE_PATHS.export, 'demo', { generation_id: gid, format: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('导出-用例.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('用例')!;
    const rows = sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : v)));
    expect(rows[0]).toEqual([...XLSX_COLUMNS]);
    expect(rows).toHaveLength(cases.length + 1);
    cases.forEach((c, i) => {
      const row = rows[i + 1] as string[];
      const cell = (header: string) => row[XLSX_COLUMNS.indexOf(header as (typeof XLSX_COLUMNS)[number])] ?? '';
      const safe = (s: string) => (/^[=+\-@]/.test(s) ? `'${s}` : s);
      expect(cell('用例名称')).toBe(safe(c.title));
      expect(cell('所属模块')).toBe('/导出');
      expect(cell('前置条件')).toBe(safe(c.precondition));
      expect(cell('步骤描述')).toBe(c.steps.map((s, j) => `[${j + 1}]${s.step}`).join('\n'));
      expect(cell('预期结果')).toBe(c.steps.map((s, j) => `[${j + 1}]${s.expected}`).join('\n'));
      expect(cell('编辑模式')).toBe('STEP');
      expect(cell('用例等级')).toBe(c.priority);
      expect(cell('标签')).toBe(`${c.case_type};需求:${c.item_code}`);
      expect(cell('备注')).toContain(`用例编号：${c.code}`);
    });
    // No cell of the file is a formula, and the hostile title starts with an apostrophe.
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
    expect(rows[1][1]).toBe('\'=HYPERLINK("http://evil.example","点我")');
    expect(rows[1][4]).toBe('\'+1+1');
  });

  it('writes XMind in MeterSphere\'s topic convention, every case and step read back from content.json', async () => {
    const res = await post(TESTCASE_PATHS.export, 'demo', { generation_id: gid, format: 'xmind' });
    expect(res.statusCode, res.body).toBe(200);
    const files = unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(['content.json', 'manifest.json', 'metadata.json']);
    const [sheet] = JSON.parse(files.get('content.json')!.toString('utf8')) as { rootTopic: Topic }[];
    expect(sheet.rootTopic.title).toBe('导出');
    const modules = sheet.rootTopic.children!.attached;
    expect(modules.map((m) => m.title)).toEqual(['导出']);
    const caseTopics = modules[0].children!.attached;
    expect(caseTopics).toHaveLength(cases.length);
    cases.forEach((c, i) => {
      const tp = caseTopics[i];
      expect(tp.title).toBe(`case-${c.priority}:${c.title}`);
      const kids = tp.children!.attached;
      expect(kids.find((k) => k.title.startsWith('前置条件:'))?.title).toBe(`前置条件:${c.precondition}`);
      const steps = kids.filter((k) => k.title.startsWith('步骤:'));
      expect(steps.map((s) => [s.title, s.children!.attached[0].title])).toEqual(c.steps.map((s) => [`步骤:${s.step}`, `预期结果:${s.expected}`]));
      expect(kids.find((k) => k.title.startsWith('标签:'))?.title).toBe(`标签:${c.case_type};需求:${c.item_code}`);
    });
    // Topics are text only; one starting with = is neutralised too (a converter to a sheet would run it).
    const all: string[] = [];
    const walk = (tp: Topic) => { all.push(tp.title); tp.children?.attached.forEach(walk); };
    walk(sheet.rootTopic);
    expect(all.filter((x) => /^[=+\-@]/.test(x))).toEqual([]);
    expect(caseTopics[0].children!.attached.filter((k) => k.title.startsWith('步骤:'))[0].title).toBe('步骤:@SUM(A1)');
  });

  it('needs the export button, and shows nothing of another\'s generation', async () => {
    expect((await post(TESTCASE_PATHS.export, 'zhangwei', { generation_id: gid, format: 'xlsx' })).statusCode).toBe(404);
    expect((await post(TESTCASE_PATHS.export, 'demo', { generation_id: gid, format: 'pdf' })).statusCode).toBe(400);
    const [button] = await t.deps.db.select({ id: functionButtons.id }).from(functionButtons)
      .innerJoin(functions, eq(functions.id, functionButtons.functionId))
      .where(and(eq(functions.path, '/testCase'), eq(functionButtons.code, 'export')));
    const [role] = await t.deps.db.select().from(roles).where(eq(roles.name, '研发人员'));
    await t.deps.db.delete(roleButtons).where(and(eq(roleButtons.roleId, role.id), eq(roleButtons.buttonId, button.id)));
    invalidateIdentity(t.deps.db);
    try {
      expect((await post(TESTCASE_PATHS.export, 'demo', { generation_id: gid, format: 'xlsx' })).statusCode).toBe(403);
      expect((await post(TESTCASE_PATHS.detail, 'demo', { generation_id: gid })).statusCode).toBe(200);
    } finally {
      await t.deps.db.insert(roleButtons).values({ roleId: role.id, buttonId: button.id });
      invalidateIdentity(t.deps.db);
    }
    expect((await post(TESTCASE_PATHS.export, 'demo', { generation_id: gid, format: 'xlsx' })).statusCode).toBe(200);
    expect((await t.deps.db.select().from(testcaseCases)).length).toBeGreaterThan(0);
  });
});
