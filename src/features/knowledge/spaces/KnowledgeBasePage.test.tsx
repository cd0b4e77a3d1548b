import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS, KNOWLEDGE_PATHS, ROLE_PATHS } from '../../../../contract/api/runtime';
import { installFakeServer, type FakeHandler, type FakeReply } from '../../../test/fake-adapter';
import { aiFail, aiOk, bodyOf, LOAD, ok } from '../../../test/factories';
import { renderSignedIn } from '../../../test/render-app';
import { DEFAULT_ARGS, demo, space } from '../knowledge.test-util';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const SPACES = [space(), space({ id: 2, name: '市场资料', desc: '', owner: 'zhangwei', owner_name: '张伟', docs: 7, editable: false })];

function serve(extra: Record<string, FakeHandler | FakeReply> = {}) {
  const server = installFakeServer({
    [`GET ${AUTH_PATHS.userDetail}`]: ok(demo),
    [`POST ${KNOWLEDGE_PATHS.spaceList}`]: aiOk(SPACES),
    [`POST ${KNOWLEDGE_PATHS.defaultArguments}`]: aiOk(DEFAULT_ARGS),
    [`GET ${ROLE_PATHS.options}`]: ok([{ id: 5, name: '研发人员' }, { id: 6, name: '市场人员' }]),
    // Names and places only (D93): the management department tree is not a 知识库 user's to read.
    [`POST ${KNOWLEDGE_PATHS.spaceDepts}`]: aiOk([{ id: -2, name: '总部', parent_id: null }, { id: 4, name: '测试部', parent_id: -2 }]),
    [`POST ${KNOWLEDGE_PATHS.spaceCheck}`]: (config) => {
      const { name } = bodyOf(config);
      return aiOk(name === '产品手册' ? { available: false, message: '知识空间名称已存在' } : { available: true, message: '名称可用' });
    },
    ...extra,
  });
  restore = server.restore;
  return server;
}

const calls = (server: ReturnType<typeof serve>, path: string) => server.calls.filter((c) => c.url === path);

describe('知识库 (/knowledgeBase)', { timeout: 40_000 }, () => {
  it('lists the spaces with description, owner and document count; edit and delete only on the user’s own', async () => {
    serve();
    renderSignedIn('/knowledgeBase', demo);
    const own = await screen.findByTestId('space-产品手册', {}, LOAD);
    expect(own).toHaveTextContent('产品使用说明');
    expect(own).toHaveTextContent('演示用户');
    expect(own).toHaveTextContent('3 个文档');
    expect(within(own).getByRole('button', { name: /编\s*辑/ })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: /删\s*除/ })).toBeInTheDocument();
    const other = screen.getByTestId('space-市场资料');
    expect(other).toHaveTextContent('暂无描述');
    expect(other).toHaveTextContent('张伟');
    expect(within(other).queryByRole('button', { name: /编\s*辑|删\s*除/ })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('side-menu')).getByText('知识库')).toBeInTheDocument();
  });

  it('hides 新增空间, 编辑 and 删除 without their button grants', async () => {
    const reader = { ...demo, allBtn: {} };
    serve({ [`GET ${AUTH_PATHS.userDetail}`]: ok(reader) });
    renderSignedIn('/knowledgeBase', reader);
    const own = await screen.findByTestId('space-产品手册', {}, LOAD);
    expect(screen.queryByRole('button', { name: /新增空间/ })).not.toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /编\s*辑|删\s*除/ })).not.toBeInTheDocument();
  });

  it('checks the name as it is typed and adds the space with its arguments', async () => {
    const server = serve({ [`POST ${KNOWLEDGE_PATHS.spaceAdd}`]: aiOk({ id: 3, name: '研发规范' }) });
    const { user } = renderSignedIn('/knowledgeBase', demo);
    await user.click(await screen.findByRole('button', { name: /新增空间/ }, LOAD));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    const name = await within(dialog).findByLabelText('空间名称', {}, LOAD);
    // The name is required, and the form says so before anything is typed.
    expect(within(dialog).getByText('空间名称').closest('label')).toHaveClass('ant-form-item-required');
    await user.type(name, '研发 规范');
    expect(await within(dialog).findByText('知识空间名称只能包含中文、字母、数字、下划线（_）和中划线（-）', {}, LOAD)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, '产品手册');
    expect(await within(dialog).findByText('知识空间名称已存在', {}, LOAD)).toBeInTheDocument();
    expect(calls(server, KNOWLEDGE_PATHS.spaceCheck).length).toBeGreaterThan(0);
    await user.clear(name);
    await user.type(name, '研发规范');
    await user.type(within(dialog).getByLabelText('描述'), '编码与评审规范');
    await user.click(within(dialog).getByRole('tab', { name: '参数设置' }));
    const topk = within(dialog).getByLabelText('召回数量（topk）');
    await user.clear(topk);
    await user.type(topk, '8');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls(server, KNOWLEDGE_PATHS.spaceAdd)).toHaveLength(1), LOAD);
    expect(bodyOf(calls(server, KNOWLEDGE_PATHS.spaceAdd)[0])).toMatchObject({
      name: '研发规范', desc: '编码与评审规范', user_name: 'demo',
      argument: { embedding: { topk: 8, chunk_size: 500, chunk_overlap: 50 }, prompt: { max_token: 2000 } },
    });
    expect(await screen.findByText('已新增知识空间「研发规范」', {}, LOAD)).toBeInTheDocument();
  });

  it('asks for the default arguments when the pointer reaches 新增空间, before the click (D73)', async () => {
    const server = serve();
    const { user } = renderSignedIn('/knowledgeBase', demo);
    const add = await screen.findByRole('button', { name: /新增空间/ }, LOAD);
    expect(calls(server, KNOWLEDGE_PATHS.defaultArguments)).toHaveLength(0);
    await user.hover(add);
    await waitFor(() => expect(calls(server, KNOWLEDGE_PATHS.defaultArguments)).toHaveLength(1), LOAD);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits the arguments of a space and refuses an overlap not below the chunk size', async () => {
    const server = serve({ [`POST ${KNOWLEDGE_PATHS.spaceSave}`]: aiOk({ id: 1, name: '产品手册' }) });
    const { user } = renderSignedIn('/knowledgeBase', demo);
    const own = await screen.findByTestId('space-产品手册', {}, LOAD);
    await user.click(within(own).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    expect(await within(dialog).findByLabelText('空间名称', {}, LOAD)).toBeDisabled();
    await user.click(within(dialog).getByRole('tab', { name: '参数设置' }));
    const overlap = within(dialog).getByLabelText('分块重叠（chunk_overlap）');
    await user.clear(overlap);
    await user.type(overlap, '600');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('分块重叠必须小于分块大小', {}, LOAD)).toBeInTheDocument();
    expect(calls(server, KNOWLEDGE_PATHS.spaceSave)).toHaveLength(0);
    await user.clear(overlap);
    await user.type(overlap, '100');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls(server, KNOWLEDGE_PATHS.spaceSave)).toHaveLength(1), LOAD);
    expect(bodyOf(calls(server, KNOWLEDGE_PATHS.spaceSave)[0])).toMatchObject({
      name: '产品手册', desc: '产品使用说明', argument: { embedding: { chunk_overlap: 100 } },
    });
  });

  it('shows who may see a space in its dialog, explains the limit, and sends its roles and departments back', { timeout: 90_000 }, async () => {
    const limited = space({ review_role: '5', review_role_names: ['研发人员'], dept_ids: '4', dept_names: ['测试部'] });
    const server = serve({
      [`POST ${KNOWLEDGE_PATHS.spaceList}`]: aiOk([limited]),
      [`POST ${KNOWLEDGE_PATHS.spaceSave}`]: aiOk({ id: 1, name: '产品手册' }),
    });
    const { user } = renderSignedIn('/knowledgeBase', demo);
    await user.click(within(await screen.findByTestId('space-产品手册', {}, LOAD)).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    expect(await within(dialog).findByText(/只有属于任一所选角色或部门（含下级部门）的人员和空间创建者能看到它/, {}, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByText('研发人员')).toBeInTheDocument(), LOAD);
    await waitFor(() => expect(within(dialog).getByText('测试部')).toBeInTheDocument(), LOAD);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls(server, KNOWLEDGE_PATHS.spaceSave)).toHaveLength(1), LOAD);
    expect(bodyOf(calls(server, KNOWLEDGE_PATHS.spaceSave)[0])).toMatchObject({ name: '产品手册', review_role: '5', dept_ids: '4' });
  });

  it('deletes a space after 确认删除？ and shows the server’s reason when refused', async () => {
    const server = serve({ [`POST ${KNOWLEDGE_PATHS.spaceDelete}`]: aiFail(409, '知识空间正在被对话使用，暂不能删除') });
    const { user } = renderSignedIn('/knowledgeBase', demo);
    const own = await screen.findByTestId('space-产品手册', {}, LOAD);
    await user.click(within(own).getByRole('button', { name: /删\s*除/ }));
    expect((await screen.findAllByText('确认删除？', {}, LOAD)).length).toBeGreaterThan(0);
    await user.click(screen.getAllByRole('button', { name: /删\s*除/ }).at(-1)!);
    await waitFor(() => expect(calls(server, KNOWLEDGE_PATHS.spaceDelete)).toHaveLength(1), LOAD);
    expect(bodyOf(calls(server, KNOWLEDGE_PATHS.spaceDelete)[0])).toMatchObject({ name: '产品手册' });
    expect(await screen.findByText('知识空间正在被对话使用，暂不能删除', {}, LOAD)).toBeInTheDocument();
  });

  it('opens a space’s documents at /knowledgeList?space=', async () => {
    serve();
    const { user, router } = renderSignedIn('/knowledgeBase', demo);
    const own = await screen.findByTestId('space-产品手册', {}, LOAD);
    await user.click(within(own).getByRole('button', { name: /文\s*档/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/knowledgeList'), LOAD);
    expect(new URLSearchParams(router.state.location.search).get('space')).toBe('产品手册');
  });
});
