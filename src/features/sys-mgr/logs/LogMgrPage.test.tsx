import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, LOG_PATHS } from '../../../../contract/api/runtime';
import type { LogEntry } from '../../../../contract/api';
import { installFakeServer, type FakeHandler, type FakeReply } from '../../../test/fake-adapter';
import { ok, userDetail } from '../../../test/factories';
import { renderSignedIn } from '../../../test/render-app';

const saveFile = vi.hoisted(() => vi.fn(async () => true));
vi.mock('../../../platform', async (importOriginal) => ({ ...(await importOriginal<object>()), saveFile }));

const auditadmin = userDetail({
  user: { id: -3, fullName: '安全审计员', username: 'auditadmin', deptId: -2, roles: [] },
  roles: [],
  allFunc: ['/sysMgr', '/sysMgr/index', '/sysMgr/logMgr'],
  allBtn: { '/sysMgr/logMgr#view': true, '/sysMgr/logMgr#export': true },
});

function entry(overrides: Partial<LogEntry> = {}): LogEntry {
  return {
    id: 1, at: '2030-01-01T08:00:00.000Z', actorUsername: 'sysadmin', actorId: -1, action: 'user-create', actionName: '新增用户',
    target: '张三（zhangsan）', detail: '部门：研发中心', result: 'success', ip: '10.0.0.8', userAgent: 'Chrome', ...overrides,
  };
}

const ENTRIES = [
  entry(),
  entry({ id: 2, actorUsername: 'secadmin', actorId: -2, action: 'role-grants', actionName: '角色授权', target: '研发人员', result: 'failure', detail: 'HTTP 403' }),
];

let restore: (() => void) | undefined;
afterEach(() => restore?.());
beforeEach(() => saveFile.mockClear());

function serve(extra: Record<string, FakeHandler | FakeReply> = {}) {
  const server = installFakeServer({
    [`GET ${AUTH_PATHS.userDetail}`]: ok(auditadmin),
    [`GET ${LOG_PATHS.list}`]: ok({ list: ENTRIES, total: 42, page: 1, pageSize: 25 }),
    [`GET ${LOG_PATHS.actions}`]: ok([{ code: 'login', name: '登录' }, { code: 'role-grants', name: '角色授权' }]),
    ...extra,
  });
  restore = server.restore;
  return server;
}

const listCalls = (calls: { url?: string; params?: unknown }[]) => calls.filter((c) => c.url === LOG_PATHS.list);

// The page and antd load lazily; on a busy machine the first render takes seconds.
const LOAD = { timeout: 30_000 };

describe('日志管理', { timeout: 120_000 }, () => {
  it('lists the entries with Chinese operation names, coloured results and server paging', async () => {
    serve();
    renderSignedIn('/sysMgr/logMgr', auditadmin);
    expect(await screen.findByText('张三（zhangsan）', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('新增用户')).toBeInTheDocument();
    expect(screen.getByText('角色授权')).toBeInTheDocument();
    expect(screen.getByText('成功')).toHaveClass('ant-tag-success');
    expect(screen.getByText('失败')).toHaveClass('ant-tag-error');
    expect(screen.getByText('共 42 条')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编辑|删除|新增/ })).not.toBeInTheDocument();
  });

  it('sends the filters to the server and starts again at page 1', async () => {
    const server = serve();
    const { user } = renderSignedIn('/sysMgr/logMgr', auditadmin);
    await screen.findByText('张三（zhangsan）', {}, LOAD);
    await user.type(screen.getByPlaceholderText('用户名'), 'sec');
    await user.type(screen.getByPlaceholderText('操作对象或详情'), '研发');
    // One button style on every page: antd's default (查 询).
    await user.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(listCalls(server.calls).at(-1)?.params).toMatchObject({ username: 'sec', keyword: '研发', page: 1, limit: 25 }), LOAD);
    expect(screen.getByPlaceholderText('开始时间')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('结束日期')).toBeInTheDocument();
  });

  it('shows one entry in full with 查看', async () => {
    serve();
    const { user } = renderSignedIn('/sysMgr/logMgr', auditadmin);
    await screen.findByText('张三（zhangsan）', {}, LOAD);
    await user.click(screen.getAllByRole('button', { name: /查\s*看/ })[1]);
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    expect(within(dialog).getByText('日志详情')).toBeInTheDocument();
    expect(within(dialog).getByText('HTTP 403')).toBeInTheDocument();
    expect(within(dialog).getByText('secadmin')).toBeInTheDocument();
  });

  it('exports the filtered log as xlsx through the platform', async () => {
    const server = serve({ [`GET ${LOG_PATHS.export}`]: { status: 200, data: new Blob(['xlsx-bytes']) } });
    const { user } = renderSignedIn('/sysMgr/logMgr', auditadmin);
    await screen.findByText('张三（zhangsan）', {}, LOAD);
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1), LOAD);
    const [options] = saveFile.mock.calls[0] as unknown as [{ suggestedName: string; filters: unknown }];
    expect(options.suggestedName).toMatch(/^审计日志-\d{8}\.xlsx$/);
    expect(server.calls.find((c) => c.url === LOG_PATHS.export)?.responseType).toBe('blob');
    expect(await screen.findByText('日志已导出', {}, LOAD)).toBeInTheDocument();
  });

  it('shows the server’s reason when the export is refused', async () => {
    const message = '符合条件的日志共 60000 条，超过单次导出上限 50000 条，请缩小时间范围或增加筛选条件后再导出';
    serve({ [`GET ${LOG_PATHS.export}`]: { status: 400, data: new Blob([JSON.stringify({ code: 400, message, results: null })]) } });
    const { user } = renderSignedIn('/sysMgr/logMgr', auditadmin);
    await screen.findByText('张三（zhangsan）', {}, LOAD);
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(await screen.findByText(message, {}, LOAD)).toBeInTheDocument();
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('hides 导出 and 查看 without their button grants', async () => {
    const viewer = { ...auditadmin, allBtn: {} };
    serve({ [`GET ${AUTH_PATHS.userDetail}`]: ok(viewer) });
    renderSignedIn('/sysMgr/logMgr', viewer);
    await screen.findByText('张三（zhangsan）', {}, LOAD);
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /查\s*看/ })).not.toBeInTheDocument();
  });
});
