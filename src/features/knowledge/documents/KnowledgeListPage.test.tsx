import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, KNOWLEDGE_PATHS, UPLOAD_PATHS, fillPath } from '../../../../contract/api/runtime';
import type { KnowledgeDocument } from '../../../../contract/api';
import { installFakeServer, type FakeHandler, type FakeReply, type FakeRequest } from '../../../test/fake-adapter';
import { aiFail, aiOk, bodyOf, LOAD, ok } from '../../../test/factories';
import { renderSignedIn } from '../../../test/render-app';
import { demo, doc, documentPageRoutes } from '../knowledge.test-util';

const pickFiles = vi.hoisted(() => vi.fn());
vi.mock('../../../platform', async (importOriginal) => ({ ...(await importOriginal<object>()), pickFiles }));

const SPACE = '产品手册';
const URL_PATH = `/knowledgeList?space=${encodeURIComponent(SPACE)}`;
const LIST = fillPath(KNOWLEDGE_PATHS.documentList, { space: SPACE });
const UPLOAD = fillPath(KNOWLEDGE_PATHS.upload, { space: SPACE });

const DOCS: KnowledgeDocument[] = [
  // A finished document's last progress is not shown.
  doc({ progress: '已识别 80/80 页' }),
  doc({ id: 2, doc_name: '研发路线图.md', secrecy: 'secret', secrecy_name: '秘密', status: 'FAILED', result: '文件已损坏，无法读取文本', review_role: '5,7', review_role_names: ['研发人员', '部门负责人'] }),
  doc({ id: 3, doc_name: '报价单.xlsx', status: 'RUNNING', result: '处理中', progress: '已识别 12/80 页' }),
  doc({ id: 4, doc_name: '周报.docx', status: 'TODO', result: '等待处理', queue_position: 2 }),
  doc({ id: 5, doc_name: '他人的文档.txt', owner: 'zhangwei', owner_name: '张伟', editable: false }),
];

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.useRealTimers();
});
beforeEach(() => pickFiles.mockReset());

function serve(list: FakeHandler | FakeReply = aiOk({ data: DOCS, total: 5, page: 1, processing: true }), extra: Record<string, FakeHandler | FakeReply> = {}) {
  const server = installFakeServer({ ...documentPageRoutes(), [`POST ${LIST}`]: list, ...extra });
  restore = server.restore;
  return server;
}

type Calls = FakeRequest[];
const listCalls = (calls: Calls) => calls.filter((c) => c.url === LIST);
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('文档列表 (/knowledgeList)', { timeout: 90_000 }, () => {
  it('shows the columns of spec §3: grade name, coloured status with queue place, pages recognised and reason, review roles, last sync', async () => {
    serve();
    renderSignedIn(URL_PATH, demo);
    await screen.findByText('员工手册.pdf', {}, LOAD);
    expect(within(rowOf('员工手册.pdf')).getByText('内部')).toBeInTheDocument();
    expect(within(rowOf('员工手册.pdf')).getByText('已完成')).toHaveClass('ant-tag-green');
    expect(within(rowOf('员工手册.pdf')).getByText('对所有人可见')).toBeInTheDocument();
    expect(within(rowOf('员工手册.pdf')).getByText('2030-01-02 09:30:15')).toBeInTheDocument();
    expect(within(rowOf('研发路线图.md')).getByText('秘密')).toBeInTheDocument();
    expect(within(rowOf('研发路线图.md')).getByText('失败')).toHaveClass('ant-tag-red');
    expect(within(rowOf('研发路线图.md')).getByText('研发人员、部门负责人')).toBeInTheDocument();
    expect(within(rowOf('报价单.xlsx')).getByText('处理中')).toHaveClass('ant-tag-blue');
    expect(within(rowOf('报价单.xlsx')).getByText('已识别 12/80 页')).toBeInTheDocument();
    expect(within(rowOf('员工手册.pdf')).queryByText(/已识别/)).not.toBeInTheDocument();
    expect(within(rowOf('周报.docx')).getByText('等待处理')).toHaveClass('ant-tag-gold');
    expect(within(rowOf('周报.docx')).getByText('排队第 2 位')).toBeInTheDocument();
    expect(screen.getByText('共 5 条')).toBeInTheDocument();
    expect(screen.getByText('25 条/页')).toBeInTheDocument();
    // The document of another user offers no changes.
    expect(within(rowOf('他人的文档.txt')).queryByRole('button', { name: /编\s*辑|删\s*除|重新处理/ })).not.toBeInTheDocument();
    expect(within(rowOf('员工手册.pdf')).getByRole('button', { name: /编\s*辑/ })).toBeInTheDocument();
  });

  it('shows the failure reason on hover', async () => {
    serve();
    const { user } = renderSignedIn(URL_PATH, demo);
    await screen.findByText('研发路线图.md', {}, LOAD);
    await user.hover(within(rowOf('研发路线图.md')).getByText('失败'));
    expect(await screen.findByText('失败原因：文件已损坏，无法读取文本', {}, LOAD)).toBeInTheDocument();
  });

  it('reloads every 5 s while a document waits or runs, and stops once all are done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let processing = true;
    const server = serve(() => aiOk({ data: processing ? DOCS : [doc()], total: processing ? 5 : 1, page: 1, processing }));
    renderSignedIn(URL_PATH, demo);
    await screen.findByText('周报.docx', {}, LOAD);
    expect(screen.getByText('有文档正在处理，每 5 秒自动刷新')).toBeInTheDocument();
    const first = listCalls(server.calls).length;
    processing = false;
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    await waitFor(() => expect(listCalls(server.calls).length).toBe(first + 1), LOAD);
    await waitFor(() => expect(screen.queryByText('周报.docx')).not.toBeInTheDocument(), LOAD);
    expect(screen.queryByText('有文档正在处理，每 5 秒自动刷新')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(listCalls(server.calls).length).toBe(first + 1);
  });

  it('does not poll when nothing is processing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = serve(aiOk({ data: [doc()], total: 1, page: 1, processing: false }));
    renderSignedIn(URL_PATH, demo);
    await screen.findByText('员工手册.pdf', {}, LOAD);
    const first = listCalls(server.calls).length;
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(listCalls(server.calls).length).toBe(first);
  });

  it('refreshes by hand with 刷新成功', async () => {
    const server = serve(aiOk({ data: [doc()], total: 1, page: 1, processing: false }));
    const { user } = renderSignedIn(URL_PATH, demo);
    await screen.findByText('员工手册.pdf', {}, LOAD);
    const first = listCalls(server.calls).length;
    await user.click(screen.getByRole('button', { name: /刷\s*新/ }));
    expect(await screen.findByText('刷新成功', {}, LOAD)).toBeInTheDocument();
    expect(listCalls(server.calls).length).toBe(first + 1);
  });

  it('sends the filters, page 1 and the page size, and the review mode of the switch', async () => {
    const server = serve();
    const { user } = renderSignedIn(URL_PATH, demo);
    await screen.findByText('员工手册.pdf', {}, LOAD);
    expect(bodyOf(listCalls(server.calls)[0])).toMatchObject({ page: 1, page_size: 25, user_name: 'demo' });
    expect(bodyOf(listCalls(server.calls)[0])).not.toHaveProperty('review_mode');
    await user.type(screen.getByPlaceholderText('包含的文字'), '手册');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(bodyOf(listCalls(server.calls).at(-1)!)).toMatchObject({ doc_name: '手册', page: 1 }), LOAD);

    await user.click(screen.getByText('待我审核'));
    await waitFor(() => expect(bodyOf(listCalls(server.calls).at(-1)!)).toMatchObject({ review_mode: '0', doc_name: '手册' }), LOAD);
    await user.click(screen.getByText('我的文档'));
    await waitFor(() => expect(bodyOf(listCalls(server.calls).at(-1)!)).toMatchObject({ review_mode: '1' }), LOAD);
  });

  it('uploads several files picked through the platform with a grade and review roles, then starts processing', async () => {
    pickFiles.mockResolvedValue({
      canceled: false,
      files: [new File(['差旅标准'], '差旅制度.txt', { type: 'text/plain' }), new File(['# 路线'], '路线图.md', { type: 'text/markdown' })],
      rejected: [{ name: '安装包.exe', size: 10, reason: 'type' }],
      maxBytes: 100 * 1024 * 1024,
    });
    const server = serve(undefined, {
      [`POST ${UPLOAD}`]: aiOk([11, 12]),
      [`POST ${KNOWLEDGE_PATHS.taskCreate}`]: aiOk({ tasks: [11, 12] }),
    });
    const { user } = renderSignedIn(URL_PATH, demo);
    await screen.findByText('员工手册.pdf', {}, LOAD);
    await user.click(screen.getByRole('button', { name: /上传文档/ }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    await user.click(within(dialog).getByRole('button', { name: /选择文件/ }));
    expect(pickFiles).toHaveBeenCalledWith(expect.objectContaining({
      purpose: 'knowledge', multiple: true, accept: expect.arrayContaining(['doc', 'wps', 'ofd', 'pptx', 'xls', 'et', 'png', 'tif']),
    }));
    expect(within(dialog).getByText(/支持 pdf、ofd、doc、wps、docx、rtf、odt、ppt、dps、pptx、odp、xls、et、xlsx、ods、csv、png、jpg、jpeg、tif、tiff、bmp、md、txt、html/)).toBeInTheDocument();
    expect(await within(dialog).findByText('差旅制度.txt', {}, LOAD)).toBeInTheDocument();
    expect(within(dialog).getByText('路线图.md')).toBeInTheDocument();
    expect(await screen.findByText('不支持的文件类型：安装包.exe', {}, LOAD)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /^上\s*传$/ }));
    expect(await within(dialog).findByText('请选择文档密级', {}, LOAD)).toBeInTheDocument();

    // Grades: only the user's allowed ones, lowest first.
    await user.click(within(dialog).getByRole('combobox', { name: '密级' }));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="内部"]')).not.toBeNull(), LOAD);
    const options = Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.getAttribute('title'));
    expect(options).toEqual(['公开', '内部', '秘密']);
    await user.click(document.querySelector('.ant-select-item-option[title="内部"]')!);
    // Review roles: 对所有人可见 by default, replaced by the roles picked.
    expect(within(dialog).getByText('对所有人可见')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: '审核角色' }));
    await user.click(document.querySelector('.ant-select-item-option[title="研发人员"]')!);

    await user.click(within(dialog).getByRole('button', { name: /^上\s*传$/ }));
    await waitFor(() => expect(server.calls.some((c) => c.url === KNOWLEDGE_PATHS.taskCreate)).toBe(true), LOAD);
    const upload = server.calls.find((c) => c.url === UPLOAD)!;
    const form = upload.data as FormData;
    expect(form.getAll('doc_file').map((f) => (f as File).name)).toEqual(['差旅制度.txt', '路线图.md']);
    expect(form.get('secrecy')).toBe('internal');
    expect(form.get('review_role')).toBe('5');
    expect(typeof upload.onUploadProgress).toBe('function');
    expect(bodyOf(server.calls.find((c) => c.url === KNOWLEDGE_PATHS.taskCreate)!)).toMatchObject({ doc_ids: [11, 12], space_name: SPACE });
    expect(await screen.findByText('已上传 2 个文档，开始处理', {}, LOAD)).toBeInTheDocument();
  });

  it('names the server\'s upload limits and refuses at selection what passes them, keeping the rest (issue 27 §5)', async () => {
    const MB = 1024 * 1024;
    const sized = (name: string, bytes: number) => {
      const file = new File(['x'], name, { type: 'text/plain' });
      Object.defineProperty(file, 'size', { value: bytes });
      return file;
    };
    const many = Array.from({ length: 21 }, (_v, i) => sized(`周报${i + 1}.txt`, 1024));
    pickFiles.mockResolvedValueOnce({ canceled: false, files: [sized('扫描件.txt', 57 * MB), ...many], rejected: [], maxBytes: 100 * MB });
    const limit = { maxFileBytes: 50 * MB, maxFiles: 20, maxRequestBytes: 200 * MB };
    const server = serve(undefined, {
      [`GET ${UPLOAD_PATHS.limits}`]: aiOk({ knowledge: limit, chat: { ...limit, maxFiles: 1 }, testcase: { ...limit, maxFiles: 1 } }),
      [`POST ${UPLOAD}`]: aiOk(Array.from({ length: 20 }, (_v, i) => 100 + i)),
      [`POST ${KNOWLEDGE_PATHS.taskCreate}`]: aiOk({ tasks: [] }),
    });
    const { user } = renderSignedIn(URL_PATH, demo);
    await screen.findByText('员工手册.pdf', {}, LOAD);
    await user.click(screen.getByRole('button', { name: /上传文档/ }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    expect(await within(dialog).findByText(/单个文件不超过 50 MB，每次最多 20 个/, {}, LOAD)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /选择文件/ }));
    expect(await screen.findByText('文件“扫描件.txt”超过 50 MB 的上限，未加入', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('每次最多上传 20 个文件，另外 1 个未加入，可在本次上传后再传')).toBeInTheDocument();
    expect(within(dialog).getByText('周报20.txt')).toBeInTheDocument();
    expect(within(dialog).queryByText('周报21.txt')).toBeNull();
    expect(within(dialog).queryByText('扫描件.txt')).toBeNull();
    // The twenty that fit are sent.
    await user.click(within(dialog).getByRole('combobox', { name: '密级' }));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="内部"]')).not.toBeNull(), LOAD);
    await user.click(document.querySelector('.ant-select-item-option[title="内部"]')!);
    await user.click(within(dialog).getByRole('button', { name: /^上\s*传$/ }));
    await waitFor(() => expect(server.calls.some((c) => c.url === UPLOAD)).toBe(true), LOAD);
    expect((server.calls.find((c) => c.url === UPLOAD)!.data as FormData).getAll('doc_file')).toHaveLength(20);
  });

  it('shows the server’s err_msg when an upload is refused and keeps the dialog open', async () => {
    pickFiles.mockResolvedValue({ canceled: false, files: [new File(['x'], '假的.pdf')], rejected: [], maxBytes: 1000 });
    serve(undefined, { [`POST ${UPLOAD}`]: aiFail(400, '文件内容与扩展名不符：假的.pdf 不是 PDF 文件') });
    const { user } = renderSignedIn(URL_PATH, demo);
    await screen.findByText('员工手册.pdf', {}, LOAD);
    await user.click(screen.getByRole('button', { name: /上传文档/ }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    // 文件 and 密级 carry the required mark.
    const required = [...dialog.querySelectorAll('.ant-form-item-required')].map((l) => l.textContent);
    expect(required).toEqual(expect.arrayContaining(['文件', '密级']));
    await user.click(within(dialog).getByRole('button', { name: /选择文件/ }));
    await within(dialog).findByText('假的.pdf', {}, LOAD);
    await user.click(within(dialog).getByRole('combobox', { name: '密级' }));
    await user.click(await waitFor(() => document.querySelector('.ant-select-item-option[title="公开"]')!, LOAD));
    await user.click(within(dialog).getByRole('button', { name: /^上\s*传$/ }));
    expect(await screen.findByText('文件内容与扩展名不符：假的.pdf 不是 PDF 文件', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the upload’s progress and cancels it: nothing is started and the dialog stays for another try', async () => {
    pickFiles.mockResolvedValue({ canceled: false, files: [new File(['大文件'], '大文件.pdf')], rejected: [], maxBytes: 1000 });
    const server = serve(undefined, {
      [`POST ${UPLOAD}`]: (config) => {
        config.onUploadProgress?.({ loaded: 40, total: 100, bytes: 40, lengthComputable: true });
        return new Promise((_resolve, reject) => {
          config.signal?.addEventListener?.('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        });
      },
    });
    const { user } = renderSignedIn(URL_PATH, demo);
    await screen.findByText('员工手册.pdf', {}, LOAD);
    await user.click(screen.getByRole('button', { name: /上传文档/ }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    await user.click(within(dialog).getByRole('button', { name: /选择文件/ }));
    await within(dialog).findByText('大文件.pdf', {}, LOAD);
    await user.click(within(dialog).getByRole('combobox', { name: '密级' }));
    await user.click(await waitFor(() => document.querySelector('.ant-select-item-option[title="公开"]')!, LOAD));
    await user.click(within(dialog).getByRole('button', { name: /^上\s*传$/ }));
    const progress = await within(dialog).findByTestId('upload-progress', {}, LOAD);
    expect(progress).toHaveTextContent('40%');
    await user.click(within(progress).getByRole('button', { name: /取消上传/ }));
    await waitFor(() => expect(within(dialog).queryByTestId('upload-progress')).not.toBeInTheDocument(), LOAD);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(server.calls.some((c) => c.url === KNOWLEDGE_PATHS.taskCreate)).toBe(false);
  });

  it('says so when the space does not exist', async () => {
    serve(aiFail(404, '知识空间不存在：产品手册'));
    renderSignedIn(URL_PATH, demo);
    expect(await screen.findByText('知识空间不存在', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回知识库' })).toBeInTheDocument();
  });

  it('retries one document, retries all failed ones, and reports the server’s refusal', async () => {
    const server = serve(undefined, {
      [`POST ${KNOWLEDGE_PATHS.taskRetry}`]: aiOk({ tasks: [2] }),
      [`POST ${KNOWLEDGE_PATHS.taskRetryFailed}`]: aiFail(404, '知识空间不存在：产品手册'),
    });
    const { user } = renderSignedIn(URL_PATH, demo);
    await screen.findByText('研发路线图.md', {}, LOAD);
    await user.click(within(rowOf('研发路线图.md')).getByRole('button', { name: '重新处理' }));
    expect(await screen.findByText('已重新提交「研发路线图.md」', {}, LOAD)).toBeInTheDocument();
    expect(bodyOf(server.calls.find((c) => c.url === KNOWLEDGE_PATHS.taskRetry)!)).toMatchObject({ doc_id: 2 });
    // Waiting and running documents cannot be resubmitted: they can be stopped.
    expect(within(rowOf('报价单.xlsx')).queryByRole('button', { name: '重新处理' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /全部失败重试/ }));
    expect(await screen.findByText('知识空间不存在：产品手册', {}, LOAD)).toBeInTheDocument();
  });

  it('stops a running scan after saying what stopping loses', async () => {
    const server = serve(undefined, { [`POST ${KNOWLEDGE_PATHS.taskStop}`]: aiOk({ tasks: [3] }) });
    const { user } = renderSignedIn(URL_PATH, demo);
    await screen.findByText('报价单.xlsx', {}, LOAD);
    expect(within(rowOf('研发路线图.md')).queryByRole('button', { name: '停止' })).not.toBeInTheDocument();
    await user.click(within(rowOf('报价单.xlsx')).getByRole('button', { name: '停止' }));
    expect(await screen.findByText(/停止后该文档标记为失败/, {}, LOAD)).toBeInTheDocument();
    expect(server.calls.some((c) => c.url === KNOWLEDGE_PATHS.taskStop)).toBe(false);
    await user.click(screen.getByRole('button', { name: '停 止' }));
    expect(await screen.findByText('已停止处理「报价单.xlsx」', {}, LOAD)).toBeInTheDocument();
    expect(bodyOf(server.calls.find((c) => c.url === KNOWLEDGE_PATHS.taskStop)!)).toMatchObject({ doc_id: 3 });
  });

  it('edits and deletes a document after 确认删除？', async () => {
    const UPDATE = fillPath(KNOWLEDGE_PATHS.documentUpdate, { space: SPACE });
    const DELETE = fillPath(KNOWLEDGE_PATHS.documentDelete, { space: SPACE });
    const server = serve(undefined, { [`POST ${UPDATE}`]: aiOk(null), [`POST ${DELETE}`]: aiOk(null) });
    const { user } = renderSignedIn(URL_PATH, demo);
    await screen.findByText('研发路线图.md', {}, LOAD);
    await user.click(within(rowOf('研发路线图.md')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    const name = within(dialog).getByLabelText('文档名称');
    expect(name).toHaveValue('研发路线图.md');
    await user.clear(name);
    await user.type(name, '路线图2031.md');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.calls.some((c) => c.url === UPDATE)).toBe(true), LOAD);
    expect(bodyOf(server.calls.find((c) => c.url === UPDATE)!)).toMatchObject({ doc_id: 2, doc_name: '路线图2031.md', secrecy: 'secret', review_role: '5,7' });

    await user.click(within(rowOf('员工手册.pdf')).getByRole('button', { name: /删\s*除/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }, LOAD));
    await waitFor(() => expect(bodyOf(server.calls.find((c) => c.url === DELETE)!)).toMatchObject({ doc_id: 1 }), LOAD);
    expect(await screen.findByText('已删除文档「员工手册.pdf」', {}, LOAD)).toBeInTheDocument();
  });

  it('hides 上传文档, 刷新 and row changes without their button grants', async () => {
    const reader = { ...demo, allBtn: {} };
    serve(undefined, { [`GET ${AUTH_PATHS.userDetail}`]: ok(reader) });
    renderSignedIn(URL_PATH, reader);
    await screen.findByText('员工手册.pdf', {}, LOAD);
    expect(screen.queryByRole('button', { name: /上传文档|刷\s*新|全部失败重试|批量删除/ })).not.toBeInTheDocument();
    expect(within(rowOf('员工手册.pdf')).queryByRole('button', { name: /编\s*辑|删\s*除|重新处理/ })).not.toBeInTheDocument();
    expect(within(rowOf('员工手册.pdf')).getByRole('button', { name: '分段' })).toBeInTheDocument();
  });

  it('shows a document’s chunks with a search, and the recall test’s scored chunks', async () => {
    const CHUNKS = fillPath(KNOWLEDGE_PATHS.chunkList, { space: SPACE });
    const RECALL = fillPath(KNOWLEDGE_PATHS.recallTest, { space: SPACE });
    const server = serve(undefined, {
      [`POST ${CHUNKS}`]: (config) => aiOk({
        data: [{ id: 9, document_id: 1, doc_name: '员工手册.pdf', doc_type: 'DOCUMENT', seq: 0, content: bodyOf(config).content ? '年假为每年十天' : '员工守则第一条', meta_info: '' }],
        total: 1, page: 1,
      }),
      [`POST ${RECALL}`]: aiOk([{
        chunk_id: 9, document_id: 1, chunk_name: '员工手册.pdf', content: `${'总则条款。'.repeat(80)}年假为每年十天`, score: 0.82,
        metadata: { seq: 3, secrecy: 'internal' }, retriever: 'fulltext', highlights: ['年假'],
        heading_path: '第二章 › 休假', position: { page: 12 },
      }]),
    });
    const { user } = renderSignedIn(URL_PATH, demo);
    await screen.findByText('员工手册.pdf', {}, LOAD);
    await user.click(within(rowOf('员工手册.pdf')).getByRole('button', { name: '分段' }));
    expect(await screen.findByText('员工守则第一条', {}, LOAD)).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('在分段中搜索'), '年假{Enter}');
    // The searched words are highlighted in the chunk.
    const found = await screen.findByText('年假', { selector: 'mark' }, LOAD);
    expect(found.parentElement).toHaveTextContent('年假为每年十天');
    expect(bodyOf(server.calls.filter((c) => c.url === CHUNKS).at(-1)!)).toMatchObject({ document_id: 1, content: '年假', page: 1 });
    // Exactly the drawer's close: each page tab's own × is named 关闭<title> (D81).
    await user.click(screen.getByRole('button', { name: /^(关闭|Close)$/ }));

    await user.click(screen.getByRole('button', { name: /召回测试/ }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    await user.type(within(dialog).getByLabelText('问题'), '年假几天');
    await user.click(within(dialog).getByRole('button', { name: /测\s*试/ }));
    const hit = await within(dialog).findByTestId('recall-hit', {}, LOAD);
    // A long passage is shown from shortly before its match (not cut before it), the match highlighted.
    expect(hit).toHaveTextContent('年假为每年十天');
    expect(within(hit).getByText('年假', { selector: 'mark' })).toBeInTheDocument();
    expect(hit.textContent).toContain('…');
    expect(hit.textContent!.length).toBeLessThan(400);
    expect(within(hit).getByRole('button', { name: '展开全文' })).toBeInTheDocument();
    expect(hit).toHaveTextContent('第 4 段');
    // Where the passage sits: its page and the headings above it (issue 29).
    expect(hit).toHaveTextContent('第 12 页 · 第二章 › 休假');
    expect(hit).toHaveTextContent('82%');
    expect(bodyOf(server.calls.find((c) => c.url === RECALL)!)).toMatchObject({ question: '年假几天', recall_top_k: 5 });
  });

  it('asks for a space when none is given', async () => {
    serve();
    renderSignedIn('/knowledgeList', demo);
    expect(await screen.findByText('请先选择知识空间', {}, LOAD)).toBeInTheDocument();
  });
});
