// 工具对话 (chat_agent) in the chat page: the tool-set picker (several sets; one kept out by the dialogue's grade is
// shown disabled with the reason), tool calls shown where they were made in the answer, collapsible with arguments
// and result, and a waiting 写入 call confirmed from the answer with the confirm call; a running call shown with its
// elapsed time, progress and 取消, and a tool's images shown as images (issue 27 §6).
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { AUTH_PATHS, CHAT_PATHS, fillPath } from '../../../contract/api/runtime';
import type { ChatMessage, ToolCallView } from '../../../contract/api';
import { installFakeServer } from '../../test/fake-adapter';
import { aiOk, LOAD, ok, userDetail } from '../../test/factories';
import { renderSignedIn } from '../../test/render-app';
import { chunkFrame, dialogue, fakeStream, message } from './chat.test-util';

const demo = userDetail({ allFunc: ['/chatWindow', '/toolsBase'] });
const REASON = '本对话已展示「秘密」级内容，高于工具集「外部协作」的密级上限「内部」，该工具集在本对话中不再提供';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.unstubAllGlobals();
});

const call = (overrides: Partial<ToolCallView>): ToolCallView => ({
  id: 'c1', set_name: '订单工单', tool_name: 'lookup_order', risk: 'read', arguments: '{"order_id":"A-1"}', status: 'done',
  result: '订单 A-1：已发货', is_error: false, duration_ms: 12, offset: 0, ...overrides,
});
const callFrame = (c: ToolCallView) => `data: ${JSON.stringify({ object: 'chat.tool_call', call: c })}\n\n`;

function serve(history: ReturnType<typeof aiOk> = aiOk([] as ChatMessage[])) {
  const server = installFakeServer({
    [`GET ${AUTH_PATHS.userDetail}`]: ok(demo),
    [`GET ${CHAT_PATHS.dialogueList}`]: aiOk([dialogue({ chat_mode: 'chat_agent', select_param: '1' })]),
    [`GET ${CHAT_PATHS.modelTypes}`]: aiOk(['fake-chat']),
    [`POST ${CHAT_PATHS.concurrency}`]: aiOk([]),
    [`POST ${CHAT_PATHS.modeParams}`]: aiOk([
      { param: '1', type: 'toolset', name: '订单工单' },
      { param: '2', type: 'toolset', name: '外部协作', disabled_reason: REASON },
    ]),
    [`POST ${CHAT_PATHS.toolConfirm}`]: aiOk(true),
    [`POST ${CHAT_PATHS.toolCancel}`]: aiOk(true),
    [`GET ${CHAT_PATHS.toolImage}`]: { status: 200, data: new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }) },
    [`GET ${CHAT_PATHS.history}`]: history,
    [`GET ${fillPath(CHAT_PATHS.files, { id: 'conv-1' })}`]: aiOk([]),
  });
  restore = server.restore;
  return server;
}

describe('工具对话', { timeout: 90_000 }, () => {
  it('shows stored calls where they were made, collapsible, and the sets with the one kept out disabled', async () => {
    serve(aiOk([
      message('human', 1, '查订单 A-1'),
      message('view', 1, '我先查一下。订单已发货。', { tool_calls: [call({ offset: 6 })] }),
    ]));
    const { user } = renderSignedIn('/chatWindow?id=conv-1', demo);
    const answer = await screen.findByTestId('chat-answer', {}, LOAD);
    await waitFor(() => expect(answer).toHaveTextContent('我先查一下。'), LOAD);
    const calls = within(answer).getByTestId('tool-calls');
    expect(calls).toHaveTextContent('调用工具 订单工单 / lookup_order');
    expect(calls).toHaveTextContent('已完成');
    expect(calls).toHaveTextContent('12 ms');
    // The call sits between the text before it and the text after it.
    expect(answer.textContent!.indexOf('我先查一下')).toBeLessThan(answer.textContent!.indexOf('调用工具'));
    expect(answer.textContent!.indexOf('调用工具')).toBeLessThan(answer.textContent!.indexOf('订单已发货'));
    // Collapsed until opened: then the arguments and the result.
    expect(within(calls).queryByText('订单 A-1：已发货')).not.toBeInTheDocument();
    await user.click(within(calls).getByText('调用工具 订单工单 / lookup_order'));
    expect(await within(calls).findByText('订单 A-1：已发货', {}, LOAD)).toBeInTheDocument();

    const picker = screen.getByRole('combobox', { name: '工具集' });
    // The picked set is named in the picker (issue 27 §6: not a bare 「+ 1 …」).
    const selector = picker.closest('.ant-select') as HTMLElement;
    await waitFor(() => expect(within(selector).getByText('订单工单')).toBeInTheDocument(), LOAD);
    expect(selector.textContent).not.toMatch(/\+\s*\d/);
    await user.click(picker);
    const kept = await screen.findByTitle(REASON, {}, LOAD);
    expect(kept.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
  });

  it('asks with the picked sets and confirms a waiting 写入 call from the answer', async () => {
    const stream = fakeStream();
    vi.stubGlobal('fetch', stream.fetchMock);
    const server = serve();
    const { user } = renderSignedIn('/chatWindow?id=conv-1', demo);
    const box = await screen.findByRole('textbox', { name: '输入问题' }, LOAD);
    await user.type(box, '建一个工单');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(stream.requests).toHaveLength(1), LOAD);
    expect(stream.requests[0].body).toMatchObject({ chat_mode: 'chat_agent', select_param: '1' });
    const pending = call({ id: 'w1', tool_name: 'create_ticket', risk: 'write', status: 'pending', arguments: '{"title":"打印机"}', result: '', duration_ms: null });
    act(() => {
      stream.write(chunkFrame('', 1));
      stream.write(callFrame(pending));
    });
    const confirm = await screen.findByRole('button', { name: /确认执行/ }, LOAD);
    expect(screen.getByText('需要您确认：调用「订单工单 / create_ticket」（写入）')).toBeInTheDocument();
    expect(screen.getByLabelText('调用参数')).toHaveTextContent('"title": "打印机"');
    await user.click(confirm);
    await waitFor(() => expect(server.calls.some((c) => c.url === CHAT_PATHS.toolConfirm)).toBe(true), LOAD);
    const sent = server.calls.find((c) => c.url === CHAT_PATHS.toolConfirm)!;
    expect(JSON.parse(String(sent.data))).toMatchObject({ conv_uid: 'conv-1', call_id: 'w1', approve: true });
    act(() => {
      stream.write(callFrame({ ...pending, status: 'done', result: '工单已创建', duration_ms: 30 }));
      stream.write(chunkFrame('工单已创建。'));
      stream.finish();
    });
    const answer = screen.getByTestId('chat-answer');
    await waitFor(() => expect(answer).toHaveAttribute('data-status', 'complete'), LOAD);
    expect(answer).toHaveTextContent('已完成');
    await waitFor(() => expect(answer).toHaveTextContent('工单已创建。'), LOAD);
    expect(screen.queryByRole('button', { name: /确认执行/ })).not.toBeInTheDocument();
  });

  it('shows a running call with its elapsed seconds and 取消, which asks the server to stop it; then 已取消', async () => {
    const stream = fakeStream();
    vi.stubGlobal('fetch', stream.fetchMock);
    const server = serve();
    const { user } = renderSignedIn('/chatWindow?id=conv-1', demo);
    await user.type(await screen.findByRole('textbox', { name: '输入问题' }, LOAD), '统计全部地区');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(stream.requests).toHaveLength(1), LOAD);
    const running = call({ id: 'r1', tool_name: 'long_task', status: 'running', result: '', duration_ms: null });
    act(() => {
      stream.write(chunkFrame('', 1));
      stream.write(callFrame(running));
      stream.write(callFrame({ ...running, progress: { progress: 3, total: 10, message: '已统计 3 / 10 个地区' } }));
    });
    const task = await screen.findByTestId('running-task', {}, LOAD);
    expect(task).toHaveTextContent('正在调用 订单工单 / long_task');
    expect(task).toHaveTextContent(/已用 \d+ 秒/);
    expect(task).toHaveTextContent('已统计 3 / 10 个地区');
    await user.click(within(task).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(server.calls.some((c) => c.url === CHAT_PATHS.toolCancel)).toBe(true), LOAD);
    expect(JSON.parse(String(server.calls.find((c) => c.url === CHAT_PATHS.toolCancel)!.data))).toMatchObject({ conv_uid: 'conv-1', call_id: 'r1' });
    act(() => {
      stream.write(callFrame({ ...running, status: 'cancelled', result: '用户取消了这次调用', is_error: true, duration_ms: 3200 }));
      stream.write(chunkFrame('统计已取消。'));
      stream.finish();
    });
    const answer = screen.getByTestId('chat-answer');
    await waitFor(() => expect(answer).toHaveAttribute('data-status', 'complete'), LOAD);
    expect(within(answer).getByTestId('tool-calls')).toHaveTextContent('已取消');
    expect(screen.queryByTestId('running-task')).not.toBeInTheDocument();
  });

  it('shows a stored answer’s tool images as images, read with the session', async () => {
    // jsdom has no object URLs: stand-ins, given back after the test.
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:stored-image'), revokeObjectURL: vi.fn() });
    onTestFinished(() => void Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const server = serve(aiOk([
      message('human', 1, '画图'),
      message('view', 1, '图已生成。', { tool_calls: [call({ id: 'img-1', tool_name: 'render_chart', result: '[图片 image/png]', images: [{ mime_type: 'image/png', size: 4 }] })] }),
    ]));
    renderSignedIn('/chatWindow?id=conv-1', demo);
    const answer = await screen.findByTestId('chat-answer', {}, LOAD);
    const stored = await within(answer).findByRole('img', { name: 'render_chart 返回的图片 1' }, LOAD);
    expect(stored).toHaveAttribute('src', 'blob:stored-image');
    expect(server.calls.find((c) => c.url === CHAT_PATHS.toolImage)!.params).toMatchObject({ call_id: 'img-1', index: 0 });
    expect(answer).not.toHaveTextContent('iVBOR');
  });

  it('shows a streamed tool image as it came, without reading it again', async () => {
    const server = serve();
    const stream = fakeStream();
    vi.stubGlobal('fetch', stream.fetchMock);
    const { user } = renderSignedIn('/chatWindow?id=conv-1', demo);
    await user.type(await screen.findByRole('textbox', { name: '输入问题' }, LOAD), '画一张图');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(stream.requests).toHaveLength(1), LOAD);
    act(() => {
      stream.write(chunkFrame('', 1));
      stream.write(callFrame(call({ id: 'img-2', tool_name: 'render_chart', result: '[图片 image/png]', images: [{ mime_type: 'image/png', size: 4, data: 'iVBORw==' }] })));
      stream.finish();
    });
    const streamed = await screen.findByRole('img', { name: 'render_chart 返回的图片 1' }, LOAD);
    expect(streamed).toHaveAttribute('src', 'data:image/png;base64,iVBORw==');
    expect(server.calls.filter((c) => c.url === CHAT_PATHS.toolImage)).toHaveLength(0);
  });
});
