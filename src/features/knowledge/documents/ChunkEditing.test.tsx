import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KNOWLEDGE_PATHS, fillPath } from '../../../../contract/api/runtime';
import type { Chunk, KnowledgeDocument } from '../../../../contract/api';
import { installFakeServer, type FakeReply } from '../../../test/fake-adapter';
import { aiOk, bodyOf, LOAD } from '../../../test/factories';
import { renderSignedIn } from '../../../test/render-app';
import { demo, doc, documentPageRoutes, space } from '../knowledge.test-util';

const SPACE = '产品手册';
const URL_PATH = `/knowledgeList?space=${encodeURIComponent(SPACE)}`;
const path = (p: string) => fillPath(p, { space: SPACE });
const LIST = path(KNOWLEDGE_PATHS.documentList);
const CHUNKS = path(KNOWLEDGE_PATHS.chunkList);
const UPDATE = path(KNOWLEDGE_PATHS.chunkUpdate);
const DISABLE = path(KNOWLEDGE_PATHS.chunkDisable);
const DELETE = path(KNOWLEDGE_PATHS.chunkDelete);
const ADD = path(KNOWLEDGE_PATHS.chunkAdd);
const REPROCESS = path(KNOWLEDGE_PATHS.documentReprocessAll);

function chunk(overrides: Partial<Chunk> = {}): Chunk {
  return {
    id: 11, document_id: 1, doc_name: '员工手册.pdf', doc_type: 'DOCUMENT', seq: 0, content: '员工每年享有带薪年假十天。', meta_info: '',
    heading_path: '第二章 › 2.1 休假', position: { page: 3 }, edited: false, disabled: false, manual: false, ...overrides,
  };
}

const CHUNK_LIST = [
  chunk(),
  chunk({ id: 12, seq: 1, content: '型号: DN50；公称压力: 1.6 MPa', heading_path: '', position: { sheet: '参数表', rows: [5, 9] }, edited: true }),
  chunk({ id: 13, seq: 2, content: '第 2 张幻灯片：阀门选型', heading_path: '', position: { slide: 2 }, disabled: true }),
  chunk({ id: 14, seq: 3, content: '冷却塔每月清洗一次。', heading_path: '附录', position: {}, manual: true }),
];

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function serve(options: { docs?: KnowledgeDocument[]; detail?: typeof demo; editableSpace?: boolean } = {}) {
  const detail = options.detail ?? demo;
  const routes: Record<string, FakeReply> = {
    ...documentPageRoutes(detail, [space({ editable: options.editableSpace ?? true })]),
    [`POST ${LIST}`]: aiOk({ data: options.docs ?? [doc()], total: 1, page: 1, processing: false }),
    [`POST ${CHUNKS}`]: aiOk({ data: CHUNK_LIST, total: CHUNK_LIST.length, page: 1 }),
    [`POST ${UPDATE}`]: aiOk(chunk({ edited: true, content: '员工每年享有带薪年假十五天。' })),
    [`POST ${DISABLE}`]: aiOk(chunk({ disabled: true })),
    [`POST ${DELETE}`]: aiOk(null),
    [`POST ${ADD}`]: aiOk(chunk({ id: 15, seq: 4, manual: true })),
    [`POST ${REPROCESS}`]: aiOk({ queued: 7 }),
  };
  const server = installFakeServer(routes);
  restore = server.restore;
  return server;
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const itemOf = (text: string) => screen.getByText(text).closest('[data-testid="chunk-item"]') as HTMLElement;
/** The chunk drawer (`.ant-drawer`) or the chunk editor (`.ant-modal`) whose title reads `title`. */
async function dialogTitled(title: string, kind: 'drawer' | 'modal' = 'modal'): Promise<HTMLElement> {
  const found = await screen.findAllByText(title, {}, LOAD);
  return found.map((el) => el.closest(`.ant-${kind}`)).find(Boolean) as HTMLElement;
}

async function openChunks(detail = demo, options: Parameters<typeof serve>[0] = {}) {
  const server = serve({ ...options, detail });
  const rendered = renderSignedIn(URL_PATH, detail);
  await screen.findByText('员工手册.pdf', {}, LOAD);
  await rendered.user.click(within(rowOf('员工手册.pdf')).getByRole('button', { name: '分段' }));
  await screen.findByText('员工每年享有带薪年假十天。', {}, LOAD);
  return { server, user: rendered.user };
}

describe('文档分段: the owner checks and mends what was extracted', { timeout: 90_000 }, () => {
  it('shows where each chunk came from, its headings, and what was done to it by hand', async () => {
    await openChunks();
    const first = itemOf('员工每年享有带薪年假十天。');
    expect(within(first).getByText('第 1 段')).toBeInTheDocument();
    expect(within(first).getByText('第 3 页')).toBeInTheDocument();
    expect(within(first).getByText('第二章 › 2.1 休假')).toBeInTheDocument();
    expect(within(first).queryByText(/已编辑|已停用|手动添加/)).not.toBeInTheDocument();
    expect(within(itemOf('型号: DN50；公称压力: 1.6 MPa')).getByText('「参数表」第 5–9 行')).toBeInTheDocument();
    expect(within(itemOf('型号: DN50；公称压力: 1.6 MPa')).getByText('已编辑')).toBeInTheDocument();
    expect(within(itemOf('第 2 张幻灯片：阀门选型')).getByText('第 2 张幻灯片')).toBeInTheDocument();
    expect(within(itemOf('第 2 张幻灯片：阀门选型')).getByText('已停用')).toBeInTheDocument();
    expect(within(itemOf('第 2 张幻灯片：阀门选型')).getByRole('button', { name: /启\s*用/ })).toBeInTheDocument();
    expect(within(itemOf('冷却塔每月清洗一次。')).getByText('手动添加')).toBeInTheDocument();
  });

  it('edits a chunk in a dialog and sends the new text', async () => {
    const { server, user } = await openChunks();
    await user.click(within(itemOf('员工每年享有带薪年假十天。')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await dialogTitled('编辑分块：第 1 段');
    expect(within(dialog).getByText('第二章 › 2.1 休假')).toBeInTheDocument();
    const text = within(dialog).getByLabelText('分块内容');
    await user.clear(text);
    await user.type(text, '员工每年享有带薪年假十五天。');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('第 1 段已保存', {}, LOAD)).toBeInTheDocument();
    expect(bodyOf(server.calls.find((c) => c.url === UPDATE)!)).toMatchObject({ document_id: 1, chunk_id: 11, content: '员工每年享有带薪年假十五天。' });
    // The list is read again after the change.
    await waitFor(() => expect(server.calls.filter((c) => c.url === CHUNKS).length).toBeGreaterThan(1), LOAD);
  });

  it('disables, enables and deletes (after confirming) a chunk', async () => {
    const { server, user } = await openChunks();
    await user.click(within(itemOf('员工每年享有带薪年假十天。')).getByRole('button', { name: /停\s*用/ }));
    expect(await screen.findByText('已停用第 1 段', {}, LOAD)).toBeInTheDocument();
    expect(bodyOf(server.calls.find((c) => c.url === DISABLE)!)).toMatchObject({ chunk_id: 11, disabled: true });
    await user.click(within(itemOf('第 2 张幻灯片：阀门选型')).getByRole('button', { name: /启\s*用/ }));
    await waitFor(() => expect(bodyOf(server.calls.filter((c) => c.url === DISABLE).at(-1)!)).toMatchObject({ chunk_id: 13, disabled: false }), LOAD);

    await user.click(within(itemOf('冷却塔每月清洗一次。')).getByRole('button', { name: /删\s*除/ }));
    expect(server.calls.some((c) => c.url === DELETE)).toBe(false);
    await screen.findByText('确定删除该分块？删除后不可恢复', {}, LOAD);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已删除第 4 段', {}, LOAD)).toBeInTheDocument();
    expect(bodyOf(server.calls.find((c) => c.url === DELETE)!)).toMatchObject({ document_id: 1, chunk_id: 14 });
  });

  it('adds a chunk by hand with optional headings', async () => {
    const { server, user } = await openChunks();
    await user.click(screen.getByRole('button', { name: /新增分块/ }));
    const dialog = await dialogTitled('新增分块');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入分块内容', {}, LOAD)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('所属标题（可选）'), '附录 › 冷却塔');
    await user.type(within(dialog).getByLabelText('分块内容'), '冷却塔每季度检查一次风机。');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('已新增第 5 段', {}, LOAD)).toBeInTheDocument();
    expect(bodyOf(server.calls.find((c) => c.url === ADD)!)).toMatchObject({ document_id: 1, content: '冷却塔每季度检查一次风机。', heading_path: '附录 › 冷却塔' });
  });

  it('offers no changes on a document the user may not change', async () => {
    await openChunks(demo, { docs: [doc({ editable: false, owner: 'zhangwei', owner_name: '张伟' })] });
    const drawer = await dialogTitled('文档分段：员工手册.pdf', 'drawer');
    expect(within(drawer).getByText('第 3 页')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /新增分块|编\s*辑|停\s*用|启\s*用|删\s*除/ })).not.toBeInTheDocument();
  });

  it('offers no changes to a reader without the edit and delete buttons', async () => {
    const reader = { ...demo, allBtn: { '/knowledgeList#upload': true } };
    await openChunks(reader);
    const drawer = await dialogTitled('文档分段：员工手册.pdf', 'drawer');
    expect(within(drawer).getByText('已编辑')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /新增分块|编\s*辑|停\s*用|启\s*用|删\s*除/ })).not.toBeInTheDocument();
  });
});

describe('全部重新处理', { timeout: 90_000 }, () => {
  it('warns that hand edits are lost, then queues the space\'s documents', async () => {
    const server = serve();
    const { user } = renderSignedIn(URL_PATH, demo);
    await screen.findByText('员工手册.pdf', {}, LOAD);
    await user.click(screen.getByRole('button', { name: /全部重新处理/ }));
    expect(await screen.findByText(/手动编辑、停用和新增的分块都会丢失/, {}, LOAD)).toBeInTheDocument();
    expect(server.calls.some((c) => c.url === REPROCESS)).toBe(false);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已提交 7 个文档重新处理', {}, LOAD)).toBeInTheDocument();
  });

  it('is not offered in a space of someone else', async () => {
    serve({ editableSpace: false });
    renderSignedIn(URL_PATH, demo);
    await screen.findByText('员工手册.pdf', {}, LOAD);
    expect(screen.getByRole('button', { name: /全部失败重试/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /全部重新处理/ })).not.toBeInTheDocument();
  });

  it('is not offered without the 重新处理 button', async () => {
    const { '/knowledgeList#retry': _retry, ...others } = demo.allBtn;
    const noRetry = { ...demo, allBtn: others };
    serve({ detail: noRetry });
    renderSignedIn(URL_PATH, noRetry);
    await screen.findByText('员工手册.pdf', {}, LOAD);
    expect(screen.queryByRole('button', { name: /全部重新处理/ })).not.toBeInTheDocument();
  });

  it('asks before reprocessing one finished document, as its hand edits are lost', async () => {
    const server = installFakeServer({
      ...documentPageRoutes(),
      [`POST ${LIST}`]: aiOk({ data: [doc()], total: 1, page: 1, processing: false }),
      [`POST ${KNOWLEDGE_PATHS.taskRetry}`]: aiOk({ tasks: [1] }),
    });
    restore = server.restore;
    const { user } = renderSignedIn(URL_PATH, demo);
    await screen.findByText('员工手册.pdf', {}, LOAD);
    await user.click(within(rowOf('员工手册.pdf')).getByRole('button', { name: '重新处理' }));
    expect(await screen.findByText(/将按文件重新生成该文档的分块/, {}, LOAD)).toBeInTheDocument();
    expect(server.calls.some((c) => c.url === KNOWLEDGE_PATHS.taskRetry)).toBe(false);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodyOf(server.calls.find((c) => c.url === KNOWLEDGE_PATHS.taskRetry)!)).toMatchObject({ doc_id: 1 }), LOAD);
  });
});
