import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, CHAT_PATHS, fillPath } from '../../../contract/api/runtime';
import { installFakeServer, type FakeHandler, type FakeReply } from '../../test/fake-adapter';
import { aiFail, aiOk, LOAD, ok, userDetail } from '../../test/factories';
import { renderSignedIn } from '../../test/render-app';
import { cartesianOf } from '../../components/chart/Chart.test-util';
import { chart, chatFile, chunkFrame, citation, dialogue, fakeStream, message } from './chat.test-util';

const pickFiles = vi.hoisted(() => vi.fn());
vi.mock('../../platform', async (importOriginal) => ({ ...(await importOriginal<object>()), pickFiles }));
vi.mock('../../components/chart/Chart', () => import('../../components/chart/Chart.test-util'));

const demo = userDetail({ allFunc: ['/chatWindow', '/sqlBase', '/toolsBase'], allBtn: { '/chatWindow#upload': true } });
const CONCURRENCY = [{ model_name: 'fake-chat', model_type: 'llm', limit: 4, running: 1, waiting: 2 }];

let restore: (() => void) | undefined;
beforeEach(() => pickFiles.mockReset());
afterEach(() => {
  restore?.();
  vi.unstubAllGlobals();
});

function serve(extra: Record<string, FakeHandler | FakeReply> = {}) {
  const server = installFakeServer({
    [`GET ${AUTH_PATHS.userDetail}`]: ok(demo),
    [`GET ${CHAT_PATHS.dialogueList}`]: aiOk([dialogue(), dialogue({ conv_uid: 'conv-2', user_input: '季度销售表格分析', chat_mode: 'chat_excel' })]),
    [`GET ${CHAT_PATHS.modelTypes}`]: aiOk(['fake-chat', 'fake-large']),
    [`POST ${CHAT_PATHS.concurrency}`]: aiOk(CONCURRENCY),
    [`POST ${CHAT_PATHS.modeParams}`]: aiOk([{ param: '产品手册', type: 'space' }, { param: '市场资料', type: 'space' }]),
    [`POST ${CHAT_PATHS.dialogueNew}`]: aiOk(dialogue({ conv_uid: 'conv-new', user_input: '' })),
    [`POST ${CHAT_PATHS.stop}`]: aiOk(null),
    [`GET ${CHAT_PATHS.history}`]: aiOk([]),
    [`GET ${fillPath(CHAT_PATHS.files, { id: 'conv-new' })}`]: aiOk([]),
    [`GET ${fillPath(CHAT_PATHS.files, { id: 'conv-1' })}`]: aiOk([]),
    ...extra,
  });
  restore = server.restore;
  return server;
}

const callsTo = (server: ReturnType<typeof serve>, path: string) => server.calls.filter((c) => (c.url ?? '').split('?')[0] === path);
const answers = () => screen.getAllByTestId('chat-answer');

async function ask(user: ReturnType<typeof renderSignedIn>['user'], question: string) {
  const box = await screen.findByRole('textbox', { name: '输入问题' }, LOAD);
  await user.type(box, question);
  await user.keyboard('{Enter}');
}

describe('智能问答 (/chatWindow)', { timeout: 90_000 }, () => {
  it('lists the dialogues and shows a dialogue’s history with stopped and failed answers, the model and its load', async () => {
    serve({
      [`GET ${CHAT_PATHS.history}`]: aiOk([
        message('human', 1, '差旅报销标准是什么'),
        message('view', 1, '## 标准\n\n| 城市 | 住宿 |\n|---|---|\n| 北京 | 600 |\n\n```python\nprint("ok")\n```'),
        message('human', 2, '再详细一些'),
        message('view', 2, '部分回答', { status: 'stopped' }),
        message('human', 3, '第三个问题'),
        message('view', 3, '', { status: 'failed' }),
      ]),
    });
    renderSignedIn('/chatWindow?id=conv-1', demo);
    const panel = await screen.findByRole('complementary', { name: '对话列表' }, LOAD);
    expect(await within(panel).findByText('季度销售表格分析', {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByText('部分回答', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '城市' })).toBeInTheDocument();
    expect(screen.getByText('python')).toBeInTheDocument();
    expect(within(answers()[1]).getByText('已停止')).toBeInTheDocument();
    expect(within(answers()[2]).getByText('回答失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重新生成/ })).toBeInTheDocument();
    // How busy the model is, in words staff understand, with the numbers in the tooltip.
    const status = await screen.findByTestId('model-status', {}, LOAD);
    expect(status).toHaveTextContent('模型繁忙程度：较忙（2 人排队）');
    expect(status).not.toHaveTextContent('并发');
  });

  it('remembers the collapsed dialogue panel across visits', async () => {
    serve();
    const first = renderSignedIn('/chatWindow', demo);
    await first.user.click(await screen.findByRole('button', { name: '收起对话列表' }, LOAD));
    expect(await screen.findByRole('button', { name: '展开对话列表' }, LOAD)).toBeInTheDocument();
    cleanup();
    renderSignedIn('/chatWindow', demo);
    expect(await screen.findByRole('button', { name: '展开对话列表' }, LOAD)).toBeInTheDocument();
  });

  it('without a model: a notice rather than an answer, the box disabled, a tooltip on 未配置大模型', async () => {
    serve({ [`GET ${CHAT_PATHS.modelTypes}`]: aiOk([]), [`POST ${CHAT_PATHS.concurrency}`]: aiOk([]) });
    const { user } = renderSignedIn('/chatWindow', demo);
    const notice = await screen.findByRole('status', {}, LOAD);
    expect(notice).toHaveTextContent('管理员尚未为本系统配置大模型，智能问答暂不可用');
    expect(notice.textContent).not.toMatch(/LLM_|\.env/);
    const box = screen.getByRole('textbox', { name: '输入问题' });
    expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: /发\s*送/ })).toBeDisabled();
    await user.hover(screen.getByTestId('no-model'));
    expect(await screen.findByRole('tooltip', {}, LOAD)).toHaveTextContent('请联系系统管理员');
    expect(screen.queryByTestId('chat-answer')).not.toBeInTheDocument();
  });

  it('creates a dialogue for the first question and streams the answer into the message as it arrives', async () => {
    const stream = fakeStream();
    vi.stubGlobal('fetch', stream.fetchMock);
    const server = serve();
    const { user } = renderSignedIn('/chatWindow', demo);
    await screen.findByTestId('model-status', {}, LOAD);
    await ask(user, '介绍一下知识库');
    await waitFor(() => expect(stream.requests).toHaveLength(1), LOAD);
    expect(callsTo(server, CHAT_PATHS.dialogueNew)).toHaveLength(1);
    expect(stream.requests[0].url).toBe(CHAT_PATHS.completions);
    expect(stream.requests[0].headers.Authorization).toBe('Bearer tok-1');
    expect(stream.requests[0].body).toMatchObject({
      conv_uid: 'conv-new', user_input: '介绍一下知识库', chat_mode: 'chat_normal', model_name: 'fake-chat', temperature: 0.9,
    });
    expect(screen.getByText('介绍一下知识库')).toBeInTheDocument();
    act(() => stream.write(chunkFrame('知识库是', 1)));
    await waitFor(() => expect(answers()[0]).toHaveTextContent('知识库是'), LOAD);
    expect(answers()[0]).toHaveAttribute('data-status', 'streaming');
    expect(screen.getByRole('button', { name: /停\s*止/ })).toBeInTheDocument();
    act(() => stream.write(chunkFrame('企业的文档中心。')));
    await waitFor(() => expect(answers()[0]).toHaveTextContent('知识库是企业的文档中心。'), LOAD);
    act(() => stream.finish());
    await waitFor(() => expect(answers()[0]).toHaveAttribute('data-status', 'complete'), LOAD);
    expect(screen.getByRole('button', { name: /发\s*送/ })).toBeInTheDocument();
  });

  it('stop aborts the stream, tells the server, and keeps the partial answer marked 已停止', async () => {
    const stream = fakeStream();
    vi.stubGlobal('fetch', stream.fetchMock);
    const server = serve();
    const { user } = renderSignedIn('/chatWindow?id=conv-1', demo);
    await ask(user, '写一篇长文');
    await waitFor(() => expect(stream.requests).toHaveLength(1), LOAD);
    act(() => stream.write(chunkFrame('第一段')));
    await waitFor(() => expect(answers()[0]).toHaveTextContent('第一段'), LOAD);
    await user.click(screen.getByRole('button', { name: /停\s*止/ }));
    await waitFor(() => expect(answers()[0]).toHaveAttribute('data-status', 'stopped'), LOAD);
    expect(stream.requests[0].signal?.aborted).toBe(true);
    expect(callsTo(server, CHAT_PATHS.stop)[0].params).toMatchObject({ con_uid: 'conv-1' });
    expect(within(answers()[0]).getByText('已停止')).toBeInTheDocument();
    expect(answers()[0]).toHaveTextContent('第一段');
  });

  it('regenerates the last answer with regenerate: true', async () => {
    const stream = fakeStream();
    vi.stubGlobal('fetch', stream.fetchMock);
    serve({ [`GET ${CHAT_PATHS.history}`]: aiOk([message('human', 1, '原问题'), message('view', 1, '旧回答')]) });
    const { user } = renderSignedIn('/chatWindow?id=conv-1', demo);
    await user.click(await screen.findByRole('button', { name: /重新生成/ }, LOAD));
    await waitFor(() => expect(stream.requests).toHaveLength(1), LOAD);
    expect(stream.requests[0].body).toMatchObject({ user_input: '原问题', regenerate: true, conv_uid: 'conv-1' });
    act(() => stream.write(chunkFrame('新回答')));
    act(() => stream.finish());
    await waitFor(() => expect(answers()[0]).toHaveTextContent('新回答'), LOAD);
    expect(screen.queryByText('旧回答')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('chat-round')).toHaveLength(1);
  });

  it('shows an error frame as 回答失败 with its message, keeping the text so far', async () => {
    const stream = fakeStream();
    vi.stubGlobal('fetch', stream.fetchMock);
    serve();
    const { user } = renderSignedIn('/chatWindow?id=conv-1', demo);
    await ask(user, '问题');
    await waitFor(() => expect(stream.requests).toHaveLength(1), LOAD);
    act(() => {
      stream.write(chunkFrame('前半'));
      stream.write('data: {"object":"chat.error","code":"E502","message":"模型服务中断，请稍后重试"}\n\n');
      stream.finish();
    });
    expect(await screen.findByText('模型服务中断，请稍后重试', {}, LOAD)).toBeInTheDocument();
    expect(within(answers()[0]).getByText('回答失败')).toBeInTheDocument();
    await waitFor(() => expect(answers()[0]).toHaveTextContent('前半'), LOAD);
  });

  it('does not send an empty question; Shift+Enter starts a new line', async () => {
    const stream = fakeStream();
    vi.stubGlobal('fetch', stream.fetchMock);
    serve();
    const { user } = renderSignedIn('/chatWindow', demo);
    const box = await screen.findByRole('textbox', { name: '输入问题' }, LOAD);
    await user.type(box, '   {Enter}');
    await user.clear(box);
    await user.type(box, '第一行{Shift>}{Enter}{/Shift}第二行');
    expect(box).toHaveValue('第一行\n第二行');
    expect(screen.getByLabelText("字数")).toHaveTextContent("7 / 20000");
    expect(stream.fetchMock).not.toHaveBeenCalled();
  });

  it('knowledge chat asks every space of the dialogue at once and names each citation’s space', async () => {
    const stream = fakeStream();
    vi.stubGlobal('fetch', stream.fetchMock);
    // A dialogue that drew on two spaces shows both in the picker and asks both again.
    serve({ [`GET ${CHAT_PATHS.dialogueList}`]: aiOk([dialogue({ chat_mode: 'chat_knowledge', select_param: '产品手册,市场资料' })]) });
    const { user } = renderSignedIn('/chatWindow?id=conv-1', demo);
    const picker = await screen.findByRole('combobox', { name: '知识空间' }, LOAD);
    const toolbar = picker.closest('.ant-select') as HTMLElement;
    await waitFor(() => expect(within(toolbar).getByTitle('市场资料')).toBeInTheDocument(), LOAD);
    expect(within(toolbar).getByTitle('产品手册')).toBeInTheDocument();
    await ask(user, '住宿标准');
    await waitFor(() => expect(stream.requests).toHaveLength(1), LOAD);
    expect(stream.requests[0].body).toMatchObject({ chat_mode: 'chat_knowledge', select_param: '产品手册,市场资料' });
    act(() => {
      stream.write(chunkFrame('一线城市每晚 600 元 [1]，市场部另有补贴 [2]。'));
      stream.write(`data: ${JSON.stringify({ object: 'chat.references', references: [citation(), citation({ index: 2, space: '市场资料', doc_name: '市场补贴.docx', chunk_id: 71, content: '市场部出差另有补贴。', score: 0.5 })] })}\n\n`);
      stream.finish();
    });
    const sources = await screen.findByLabelText('引用来源', {}, LOAD);
    expect(within(sources).getByText('（市场资料）')).toBeInTheDocument();
    expect(within(sources).getByText('（产品手册）')).toBeInTheDocument();
  });

  it('knowledge chat sends the first space and lists the citations, each opening its passage', async () => {
    const stream = fakeStream();
    vi.stubGlobal('fetch', stream.fetchMock);
    serve();
    const { user } = renderSignedIn('/chatWindow?id=conv-1', demo);
    await user.click(await screen.findByText('知识库问答', {}, LOAD));
    expect(await screen.findByTitle('产品手册', {}, LOAD)).toBeInTheDocument();
    await ask(user, '住宿标准');
    await waitFor(() => expect(stream.requests).toHaveLength(1), LOAD);
    expect(stream.requests[0].body).toMatchObject({ chat_mode: 'chat_knowledge', select_param: '产品手册' });
    act(() => {
      stream.write(chunkFrame('一线城市每晚 600 元 [1]。'));
      stream.write(`data: ${JSON.stringify({ object: 'chat.references', references: [citation(), citation({ index: 2, doc_name: '补充规定.docx', chunk_id: 71, content: '超标部分自理。', score: 0.5 })] })}\n\n`);
      stream.finish();
    });
    const sources = await screen.findByLabelText('引用来源', {}, LOAD);
    expect(within(sources).getByText('[2] 补充规定.docx')).toBeInTheDocument();
    await user.click(within(sources).getByText('[1] 差旅制度.pdf'));
    const drawer = await screen.findByRole('dialog', {}, LOAD);
    expect(within(drawer).getByText('一线城市住宿标准为每晚 600 元。')).toBeInTheDocument();
    expect(within(drawer).getByText('82%')).toBeInTheDocument();
    // Where the passage sits in its document (issue 29).
    expect(within(drawer).getByText('第 5 页')).toBeInTheDocument();
    expect(within(drawer).getByText('第三章 › 住宿')).toBeInTheDocument();
  });

  it('shows a spreadsheet answer as a chart with its data and SQL', async () => {
    serve({
      [`GET ${CHAT_PATHS.history}`]: aiOk([message('human', 1, '各部门人数'), message('view', 1, '共 3 个部门。', { chart: chart() })]),
      [`POST ${CHAT_PATHS.modeParams}`]: aiOk([{ param: '人员表.xlsx', type: 'excel', file_id: 3 }]),
    });
    const { user } = renderSignedIn('/chatWindow?id=conv-1', demo);
    const answer = await screen.findByTestId('chart-answer', {}, LOAD);
    // The answer's chart is drawn by the product's one chart component (Chart.js): one bar per department.
    const spec = cartesianOf(within(answer).getByRole('img', { name: '柱状图：人数' }));
    expect(spec.categories).toEqual(['研发部', '市场部', '财务部']);
    expect(spec.series).toEqual([expect.objectContaining({ name: '人数', type: 'bar', data: [12, 5, 3] })]);
    await user.click(within(answer).getByRole('tab', { name: '数据' }));
    expect(await within(answer).findByRole('cell', { name: '研发部' }, LOAD)).toBeInTheDocument();
    await user.click(within(answer).getByRole('tab', { name: 'SQL' }));
    expect(await within(answer).findByText(/GROUP BY 部门/, {}, LOAD)).toBeInTheDocument();
  });

  it('uploads a sheet with progress; cancelling logs and shows 取消上传', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    pickFiles.mockResolvedValue({ canceled: false, files: [new File(['a,b'], '人员表.csv')], rejected: [], maxBytes: 1000 });
    const server = serve({
      [`POST ${CHAT_PATHS.excelFileAdd}`]: (config) => {
        config.onUploadProgress?.({ loaded: 30, total: 100, bytes: 30, lengthComputable: true });
        return new Promise((_resolve, reject) => config.signal?.addEventListener?.('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
      },
    });
    const { user } = renderSignedIn('/chatWindow?id=conv-1', demo);
    await user.click(await screen.findByText('表格问答', {}, LOAD));
    await user.click(await screen.findByRole('button', { name: /上传表格/ }, LOAD));
    const progress = await screen.findByTestId('chat-upload-progress', {}, LOAD);
    expect(progress).toHaveTextContent('30%');
    const form = callsTo(server, CHAT_PATHS.excelFileAdd)[0].data as FormData;
    expect(form.get('conv_id')).toBe('conv-1');
    expect((form.get('file') as File).name).toBe('人员表.csv');
    expect(form.get('user_name')).toBe('demo');
    await user.click(within(progress).getByRole('button', { name: /取消上传/ }));
    await waitFor(() => expect(screen.queryByTestId('chat-upload-progress')).not.toBeInTheDocument(), LOAD);
    expect(info).toHaveBeenCalledWith('取消上传');
    expect(await screen.findByText('取消上传', {}, LOAD)).toBeInTheDocument();
    info.mockRestore();
  });

  it('shows the server’s 缺少文件参数 beside the upload button', async () => {
    pickFiles.mockResolvedValue({ canceled: false, files: [new File(['x'], '说明.txt')], rejected: [], maxBytes: 1000 });
    serve({ [`POST ${CHAT_PATHS.fileAdd}`]: aiFail(400, '缺少文件参数') });
    const { user } = renderSignedIn('/chatWindow?id=conv-1', demo);
    await user.click(await screen.findByRole('button', { name: /上传文件/ }, LOAD));
    await waitFor(() => expect(screen.getAllByText('缺少文件参数').length).toBeGreaterThan(0), LOAD);
    expect(pickFiles).toHaveBeenCalledWith(expect.objectContaining({ purpose: 'chat', accept: expect.arrayContaining(['pptx', 'odt', 'ods', 'odp']) }));
  });

  it('refuses a file of an unsupported type with one message, naming it, and sends nothing (issue 27 §5)', async () => {
    pickFiles.mockResolvedValue({ canceled: false, files: [], rejected: [{ name: '方案.ppt', size: 10, reason: 'type' }], maxBytes: 1000 });
    const server = serve();
    const { user } = renderSignedIn('/chatWindow?id=conv-1', demo);
    await user.click(await screen.findByRole('button', { name: /上传文件/ }, LOAD));
    expect(await screen.findByText('不支持的文件类型：方案.ppt', {}, LOAD)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('缺少文件参数')).toBeNull();
    expect(callsTo(server, CHAT_PATHS.fileAdd)).toHaveLength(0);
  });

  it('offers no upload without the button /chatWindow#upload', async () => {
    serve();
    renderSignedIn('/chatWindow', userDetail({ allFunc: ['/chatWindow'], allBtn: {} }));
    await screen.findByRole('textbox', { name: '输入问题' }, LOAD);
    expect(screen.queryByRole('button', { name: /上传文件/ })).not.toBeInTheDocument();
  });

  it('offers database chat only with 数据库 and chat with tools only with 工具库', async () => {
    serve();
    renderSignedIn('/chatWindow', userDetail({ allFunc: ['/chatWindow'], allBtn: {} }));
    const modes = await screen.findByLabelText('对话模式', {}, LOAD);
    expect(modes).toHaveTextContent('知识库问答');
    for (const hidden of ['数据库对话', '数据库问答', '工具对话']) expect(modes).not.toHaveTextContent(hidden);
    cleanup();
    serve();
    renderSignedIn('/chatWindow', demo);
    const all = await screen.findByLabelText('对话模式', {}, LOAD);
    for (const shown of ['数据库对话', '数据库问答', '工具对话']) expect(all).toHaveTextContent(shown);
  });

  it('shows the dialogue’s files and polls a waiting file’s status until it is processed', async () => {
    let status = 'RUNNING';
    const server = serve({
      [`GET ${fillPath(CHAT_PATHS.files, { id: 'conv-1' })}`]: aiOk([chatFile({ status: 'TODO', kind: 'document', file_name: '合同.pdf' })]),
      [`GET ${fillPath(CHAT_PATHS.fileStatus, { id: 3 })}`]: () => aiOk({ id: 3, status, result: null }),
    });
    renderSignedIn('/chatWindow?id=conv-1', demo);
    const chip = await screen.findByTestId('chat-file', {}, LOAD);
    expect(chip).toHaveTextContent('合同.pdf');
    await waitFor(() => expect(chip).toHaveTextContent('处理中'), LOAD);
    status = 'FINISHED';
    await waitFor(() => expect(chip).toHaveTextContent('可以提问'), { timeout: 8_000 });
    const polls = callsTo(server, fillPath(CHAT_PATHS.fileStatus, { id: 3 })).length;
    await new Promise((r) => setTimeout(r, 2_500));
    expect(callsTo(server, fillPath(CHAT_PATHS.fileStatus, { id: 3 })).length).toBe(polls);
  });

  it('deletes a dialogue after confirmation', async () => {
    const server = serve({ [`POST ${CHAT_PATHS.dialogueDelete}`]: aiOk(null) });
    const { user } = renderSignedIn('/chatWindow', demo);
    await user.click(await screen.findByRole('button', { name: '删除对话 季度销售表格分析' }, LOAD));
    await user.click(await screen.findByRole('button', { name: /^删\s*除$/ }, LOAD));
    await waitFor(() => expect(callsTo(server, CHAT_PATHS.dialogueDelete)).toHaveLength(1), LOAD);
    expect(callsTo(server, CHAT_PATHS.dialogueDelete)[0].params).toMatchObject({ con_uid: 'conv-2' });
  });

  it('deleting another dialogue changes only the list: the open dialogue stays open and the deleted one is never opened', async () => {
    let deleted = false;
    const server = serve({
      [`GET ${CHAT_PATHS.dialogueList}`]: () => aiOk(deleted ? [dialogue()] : [dialogue(), dialogue({ conv_uid: 'conv-2', user_input: '季度销售表格分析', chat_mode: 'chat_excel' })]),
      [`GET ${CHAT_PATHS.history}`]: aiOk([message('human', 1, '差旅报销标准是什么'), message('view', 1, '住宿标准按城市等级执行')]),
      [`POST ${CHAT_PATHS.dialogueDelete}`]: () => {
        deleted = true;
        return aiOk(null);
      },
    });
    const { user } = renderSignedIn('/chatWindow?id=conv-1', demo);
    expect(await screen.findByText('住宿标准按城市等级执行', {}, LOAD)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '删除对话 季度销售表格分析' }, LOAD));
    await user.click(await screen.findByRole('button', { name: /^删\s*除$/ }, LOAD));
    await waitFor(() => expect(callsTo(server, CHAT_PATHS.dialogueDelete)).toHaveLength(1), LOAD);
    await waitFor(() => expect(screen.queryByText('季度销售表格分析')).not.toBeInTheDocument(), LOAD);
    // Neither the history nor the files of the deleted dialogue were asked for, and the open one is still shown.
    expect(callsTo(server, CHAT_PATHS.history).map((c) => c.params?.con_uid)).not.toContain('conv-2');
    expect(server.calls.some((c) => c.url === fillPath(CHAT_PATHS.files, { id: 'conv-2' }))).toBe(false);
    expect(screen.getByRole('button', { current: true })).toHaveTextContent('差旅报销标准是什么');
    expect(screen.getByText('住宿标准按城市等级执行')).toBeInTheDocument();
    expect(screen.getAllByTestId('dialogue-item')).toHaveLength(1);
  });
});
