import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, KNOWLEDGE_PATHS, ROLE_PATHS, TESTCASE_PATHS, fillPath } from '../../../contract/api/runtime';
import type { GenerationDetail, TaskState, TestCase } from '../../../contract/api';
import { installFakeServer, type FakeHandler, type FakeReply } from '../../test/fake-adapter';
import { aiOk, bodyOf, LOAD, ok, userDetail } from '../../test/factories';
import { renderSignedIn } from '../../test/render-app';

const pickFiles = vi.hoisted(() => vi.fn());
const saveFile = vi.hoisted(() => vi.fn(async () => true));
vi.mock('../../platform', async (importOriginal) => ({ ...(await importOriginal<object>()), pickFiles, saveFile }));
beforeEach(() => {
  pickFiles.mockReset();
  saveFile.mockClear();
});

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const tester = userDetail({
  allFunc: ['/testCase'],
  allBtn: { '/testCase#add': true, '/testCase#edit': true, '/testCase#export': true },
});

const GEN = { generation_id: 'g-1', name: '账号需求', source_name: '账号需求.docx', secrecy: 'internal', secrecy_name: '内部', owner: '演示用户', archived: false, gmt_created: '2030-01-01T00:00:00Z', gmt_modified: '2030-01-01T00:00:00Z' };

const aCase = (id: number, item: number, code: string): TestCase => ({
  id, code: `${code}-0${id}`, title: `用户名长度边界 ${id}`, module: '账号', precondition: '已打开注册页',
  steps: [{ step: '输入 3 位用户名', expected: '提示长度不足' }], priority: 'P0', case_type: '边界', item_id: item, item_code: code,
});

function detail(statuses: TaskState['status'][], withCases = false): GenerationDetail {
  const items = statuses.map((_s, i) => ({
    id: i + 1, position: i + 1, code: `第${'一二三'[i]}条`, module: '账号', title: `需求 ${i + 1}`, text: `需求 ${i + 1} 的全文`, skip_reason: '', task_id: `t-${i + 1}`,
  }));
  const tasks = statuses.map((status, i) => ({
    task_id: `t-${i + 1}`, item_id: i + 1, status, status_name: { not_started: '未开始', in_progress: '进行中', completed: '已完成', skipped: '已跳过' }[status as string] ?? status,
    position: i + 1, progress: 0, reason: status === 'skipped' ? '主观描述' : '', cases: withCases && status === 'completed' ? [aCase(i + 1, i + 1, items[i].code)] : [],
  }));
  const done = statuses.filter((s) => s === 'completed' || s === 'skipped').length;
  const cases = tasks.reduce((n, t) => n + t.cases.length, 0);
  return { generation: { ...GEN, items: items.length, done, covered: done, cases }, items, tasks, uncovered: [] };
}

function serve(extra: Record<string, FakeHandler | FakeReply> = {}) {
  const server = installFakeServer({
    [`GET ${AUTH_PATHS.userDetail}`]: ok(tester),
    [`GET ${AUTH_PATHS.grades}`]: ok({
      allowed: ['public', 'internal'], lowest: 'public', map: {},
      list: [{ code: 'public', text: '公开', rank: 10 }, { code: 'internal', text: '内部', rank: 20 }],
    }),
    [`GET ${ROLE_PATHS.options}`]: ok([]),
    [`POST ${TESTCASE_PATHS.list}`]: aiOk({ total: 1, data: [{ ...GEN, items: 3, done: 1, covered: 1, cases: 2 }] }),
    ...extra,
  });
  restore = server.restore;
  return server;
}

describe('用例生成 (/testCase)', { timeout: 120_000 }, () => {
  it('lists generations with progress and coverage, and uploads a requirements document picked through the platform', async () => {
    pickFiles.mockResolvedValue({ canceled: false, files: [new File(['第一条 …'], '账号需求.docx')], rejected: [], maxBytes: 20 * 1024 * 1024 });
    const server = serve({
      [`POST ${TESTCASE_PATHS.generate}`]: aiOk({ generation_id: 'g-2', task_ids: ['t-1', 't-2', 't-3'] }),
      [`POST ${TESTCASE_PATHS.detail}`]: aiOk(detail(['not_started', 'not_started', 'not_started'])),
    });
    const { user } = renderSignedIn('/testCase', tester);
    expect(await screen.findByText('账号需求', {}, LOAD)).toBeInTheDocument();
    expect(screen.getAllByText('1/3')).toHaveLength(2); // progress and coverage
    await user.click(screen.getByRole('button', { name: /新建生成/ }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    await user.click(within(dialog).getByRole('button', { name: /拆分需求/ }));
    expect(await within(dialog).findByText('请选择需求文档', {}, LOAD)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /选择文件/ }));
    expect(pickFiles).toHaveBeenCalledWith(expect.objectContaining({ purpose: 'testcase', multiple: false }));
    await user.click(within(dialog).getByRole('combobox', { name: '密级' }));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="内部"]')).not.toBeNull(), LOAD);
    await user.click(document.querySelector('.ant-select-item-option[title="内部"]')!);
    await user.click(within(dialog).getByRole('button', { name: /拆分需求/ }));
    await waitFor(() => expect(server.calls.some((c) => c.url === TESTCASE_PATHS.generate)).toBe(true), LOAD);
    const form = server.calls.find((c) => c.url === TESTCASE_PATHS.generate)!.data as FormData;
    expect([form.get('secrecy'), form.get('start'), (form.get('file') as File).name]).toEqual(['internal', 'false', '账号需求.docx']);
    // The new generation opens for its items to be confirmed.
    expect(await screen.findByRole('button', { name: /开始生成（3 条）/ }, { timeout: 30_000 })).toBeInTheDocument();
  });

  it('starts the confirmed items, skips one with its reason, and polls until every task is final', async () => {
    let phase = 0;
    let skipped = false;
    const server = serve({
      [`POST ${TESTCASE_PATHS.detail}`]: () => aiOk(phase === 0 ? detail([skipped ? 'skipped' : 'not_started', 'not_started', 'not_started'])
        : phase === 1 ? detail(['skipped', 'in_progress', 'in_progress']) : detail(['skipped', 'completed', 'completed'], true)),
      // The page polls only the tasks that may still change.
      [`POST ${TESTCASE_PATHS.taskStatus}`]: (config) => {
        const ids = JSON.parse(String(config.data)).task_ids as string[];
        const all = (phase === 2 ? detail(['skipped', 'completed', 'completed'], true) : detail(['skipped', 'in_progress', 'in_progress'])).tasks;
        return aiOk(all.filter((t) => ids.includes(t.task_id)));
      },
      [`POST ${TESTCASE_PATHS.skip}`]: () => {
        skipped = true;
        return aiOk([]);
      },
      [`POST ${TESTCASE_PATHS.start}`]: () => {
        phase = 1;
        setTimeout(() => (phase = 2), 2500);
        return aiOk(['t-2', 't-3']);
      },
    });
    const { user } = renderSignedIn('/testCase?id=g-1', tester);
    expect(await screen.findByText('需求 1', {}, LOAD)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /跳\s*过/ })[0]);
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    await user.click(within(dialog).getByRole('button', { name: /跳\s*过/ }));
    expect(await screen.findByText('请填写跳过的原因', {}, LOAD)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: '跳过原因' }), '主观描述');
    await user.click(within(dialog).getByRole('button', { name: /跳\s*过/ }));
    await waitFor(() => expect(bodyOf(server.calls.find((c) => c.url === TESTCASE_PATHS.skip)!)).toEqual({ item_id: 1, reason: '主观描述' }), LOAD);
    await user.click(screen.getByRole('button', { name: /开始生成/ }));
    expect(await screen.findAllByText('进行中', {}, LOAD)).toHaveLength(2);
    // Polled until done: the cases arrive in the kit's table, linked to their items.
    expect(await screen.findByText('测试用例（2）', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('第二条-02')).toBeInTheDocument();
    const polled = server.calls.filter((c) => c.url === TESTCASE_PATHS.taskStatus);
    expect(polled.length).toBeGreaterThan(0);
    expect(polled.every((c) => JSON.stringify(bodyOf(c)) === JSON.stringify({ task_ids: ['t-2', 't-3'] }))).toBe(true);
    // Starting does not load the generation again (the polls carry the states); only the end of polling does.
    const detailsAfterStart = server.calls.slice(server.calls.findIndex((c) => c.url === TESTCASE_PATHS.start)).filter((c) => c.url === TESTCASE_PATHS.detail);
    expect(detailsAfterStart).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 2500));
    expect(server.calls.filter((c) => c.url === TESTCASE_PATHS.taskStatus).length).toBe(polled.length);
  });

  it('asks before merging an item with the next and before terminating a task, then acts', async () => {
    const statuses: TaskState['status'][] = ['not_started', 'not_started', 'in_progress'];
    const server = serve({
      [`POST ${TESTCASE_PATHS.detail}`]: aiOk(detail(statuses)),
      [`POST ${TESTCASE_PATHS.taskStatus}`]: aiOk(detail(statuses).tasks),
      [`POST ${TESTCASE_PATHS.mergeItem}`]: aiOk([]),
      [`POST ${TESTCASE_PATHS.terminate}`]: aiOk([]),
    });
    const { user } = renderSignedIn('/testCase?id=g-1', tester);
    expect(await screen.findByText('需求 1', {}, LOAD)).toBeInTheDocument();
    // Only 第一条 can merge: 第二条's next is being generated, 第三条 has none.
    const merge = screen.getAllByRole('button', { name: '合并下一条' });
    expect(merge).toHaveLength(1);
    await user.click(merge[0]);
    const askMerge = await screen.findByRole('tooltip', {}, LOAD);
    expect(within(askMerge).getByText('与下一条 第二条 合并？')).toBeInTheDocument();
    await user.click(within(askMerge).getByRole('button', { name: /合\s*并/ }));
    await waitFor(() => expect(bodyOf(server.calls.find((c) => c.url === TESTCASE_PATHS.mergeItem)!)).toEqual({ item_id: 1 }), LOAD);
    const terminate = screen.getAllByRole('button', { name: /终\s*止/ });
    expect(terminate).toHaveLength(3);
    await user.click(terminate[2]);
    const askTerminate = (await screen.findAllByRole('tooltip', {}, LOAD)).find((t) => within(t).queryByText('终止该任务？'))!;
    await user.click(within(askTerminate).getByRole('button', { name: /终\s*止/ }));
    await waitFor(() => expect(bodyOf(server.calls.find((c) => c.url === TESTCASE_PATHS.terminate)!)).toEqual({ task_ids: ['t-3'] }), LOAD);
  });

  it('saves an edited case as the tester types, and exports the cases through the platform', async () => {
    const server = serve({
      [`POST ${TESTCASE_PATHS.detail}`]: aiOk(detail(['completed'], true)),
      [`POST ${TESTCASE_PATHS.editCase}`]: (config) => aiOk({ ...aCase(1, 1, '第一条'), ...JSON.parse(String(config.data)), id: 1 }),
      [`POST ${TESTCASE_PATHS.export}`]: { status: 200, data: new Blob(['xlsx-bytes']) },
    });
    const { user } = renderSignedIn('/testCase?id=g-1', tester);
    expect(await screen.findByText('第一条-01', {}, LOAD)).toBeInTheDocument();
    const edits = screen.getAllByRole('button', { name: /编\s*辑/ });
    await user.click(edits[edits.length - 1]); // the case's, after the item's
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    const title = within(dialog).getByRole('textbox', { name: '用例名称' });
    await user.clear(title);
    expect(await within(dialog).findByText(/未保存：用例名称不能为空/, {}, LOAD)).toBeInTheDocument();
    expect(server.calls.some((c) => c.url === TESTCASE_PATHS.editCase)).toBe(false);
    await user.type(title, '用户名 21 位被拒绝');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('已保存'), LOAD);
    const saves = server.calls.filter((c) => c.url === TESTCASE_PATHS.editCase);
    expect(bodyOf(saves[saves.length - 1])).toMatchObject({ case_id: 1, title: '用户名 21 位被拒绝', priority: 'P0', steps: [{ step: '输入 3 位用户名', expected: '提示长度不足' }] });
    await user.click(within(dialog).getByRole('button', { name: /Close|关闭/ }));
    expect(await screen.findByText('用户名 21 位被拒绝', {}, LOAD)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /导出 Excel/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.objectContaining({ suggestedName: '账号需求-用例.xlsx' })), LOAD);
    const call = server.calls.find((c) => c.url === TESTCASE_PATHS.export)!;
    expect([bodyOf(call), call.responseType]).toEqual([{ generation_id: 'g-1', format: 'xlsx' }, 'blob']);
  });

  it('adds a case by hand to an item whose cases were generated, and deletes one after asking (issue 27 §6)', async () => {
    let withAdded = false;
    const server = serve({
      [`POST ${TESTCASE_PATHS.detail}`]: () => {
        const d = detail(['completed', 'not_started'], true);
        if (withAdded) d.tasks[0].cases.push({ ...aCase(9, 1, '第一条'), code: '第一条-02', title: '头像为 2 MB 整' });
        return aiOk(d);
      },
      [`POST ${TESTCASE_PATHS.addCase}`]: () => {
        withAdded = true;
        return aiOk({ ...aCase(9, 1, '第一条'), code: '第一条-02', title: '头像为 2 MB 整' });
      },
      [`POST ${TESTCASE_PATHS.deleteCase}`]: aiOk(null),
    });
    const { user } = renderSignedIn('/testCase?id=g-1', tester);
    expect(await screen.findByText('第一条-01', {}, LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /新增用例/ }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    // Only the item whose cases were generated is offered; checked before anything is sent.
    expect(within(dialog).getByText('第一条 需求 1')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('用例名称不能为空', {}, LOAD)).toBeInTheDocument();
    expect(server.calls.some((c) => c.url === TESTCASE_PATHS.addCase)).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: '用例名称' }), '头像为 2 MB 整');
    await user.type(within(dialog).getByRole('textbox', { name: '步骤 1' }), '上传 2 MB 的头像');
    await user.type(within(dialog).getByRole('textbox', { name: '预期结果 1' }), '上传成功');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bodyOf(server.calls.find((c) => c.url === TESTCASE_PATHS.addCase)!)).toMatchObject({
      item_id: 1, title: '头像为 2 MB 整', module: '账号', steps: [{ step: '上传 2 MB 的头像', expected: '上传成功' }],
    }), LOAD);
    expect(await screen.findByText('第一条-02', {}, LOAD)).toBeInTheDocument();

    const deletes = screen.getAllByRole('button', { name: /删\s*除/ });
    await user.click(deletes[0]);
    const ask = await screen.findByRole('tooltip', {}, LOAD);
    expect(within(ask).getByText('确定删除用例 第一条-01？')).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(bodyOf(server.calls.find((c) => c.url === TESTCASE_PATHS.deleteCase)!)).toEqual({ case_id: 1 }), LOAD);
  });

  it('makes a generation from a knowledge document the user can read', async () => {
    const doc = (id: number, name: string) => ({ id, doc_name: name, secrecy_name: '内部' });
    const server = serve({
      [`POST ${KNOWLEDGE_PATHS.spaceList}`]: aiOk([{ id: 1, name: '需求库' }]),
      [`POST ${fillPath(KNOWLEDGE_PATHS.documentList, { space: '需求库' })}`]: (config) => aiOk({
        data: JSON.parse(String(config.data)).review_mode === '0' ? [doc(8, '共享需求.docx')] : [doc(7, '账号需求.md'), doc(9, '图片.png')],
        total: 2, page: 1, processing: false,
      }),
      [`POST ${TESTCASE_PATHS.generate}`]: aiOk({ generation_id: 'g-3', task_ids: ['t-1'] }),
      [`POST ${TESTCASE_PATHS.detail}`]: aiOk(detail(['not_started'])),
    });
    const { user } = renderSignedIn('/testCase', tester);
    await user.click(await screen.findByRole('button', { name: /新建生成/ }, LOAD));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    await user.click(within(dialog).getByRole('radio', { name: '选择知识库文档' }));
    await user.click(within(dialog).getByRole('combobox', { name: '知识空间' }));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="需求库"]')).not.toBeNull(), LOAD);
    await user.click(document.querySelector('.ant-select-item-option[title="需求库"]')!);
    await user.click(within(dialog).getByRole('combobox', { name: '文档' }));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="共享需求.docx（内部）"]')).not.toBeNull(), LOAD);
    expect(document.querySelector('.ant-select-item-option[title="图片.png（内部）"]')).toBeNull(); // not a requirements document
    await user.click(document.querySelector('.ant-select-item-option[title="账号需求.md（内部）"]')!);
    await user.click(within(dialog).getByRole('button', { name: /拆分需求/ }));
    await waitFor(() => expect(server.calls.some((c) => c.url === TESTCASE_PATHS.generate)).toBe(true), LOAD);
    const form = server.calls.find((c) => c.url === TESTCASE_PATHS.generate)!.data as FormData;
    expect([form.get('doc_id'), form.get('file'), form.get('secrecy')]).toEqual(['7', null, null]);
  });
});

describe('用例生成 page size (spec §9)', { timeout: 120_000 }, () => {
  it('opens at 25 rows, the first of 25, 30, 40, 50', async () => {
    const server = serve();
    renderSignedIn('/testCase', tester);
    expect(await screen.findByText('账号需求', {}, LOAD)).toBeInTheDocument();
    const lists = server.calls.filter((c) => c.url === TESTCASE_PATHS.list);
    expect(bodyOf(lists[0])).toMatchObject({ page: 1, page_size: 25 });
  });
});
