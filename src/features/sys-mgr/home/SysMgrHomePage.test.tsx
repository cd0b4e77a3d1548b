import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS, LOG_PATHS } from '../../../../contract/api/runtime';
import type { LogEntry } from '../../../../contract/api';
import { installFakeServer, type FakeReply } from '../../../test/fake-adapter';
import { ok, userDetail } from '../../../test/factories';
import { renderSignedIn } from '../../../test/render-app';

const sysadmin = userDetail({
  user: { id: -1, fullName: '系统管理员', username: 'sysadmin', deptId: -2, roles: [] },
  roles: [],
  allFunc: ['/sysMgr', '/sysMgr/index', '/sysMgr/userMgr', '/sysMgr/deptMgr', '/implConfigMgr', '/implConfigMgr/funcMgr'],
  allBtn: {},
});

const recent: LogEntry[] = [
  {
    id: 9, at: '2030-01-01T08:05:00.000Z', actorUsername: 'sysadmin', actorId: -1, action: 'func-create', actionName: '新增功能点',
    target: '统计报表（/reports）', detail: '', result: 'success', ip: '10.0.0.8', userAgent: '',
  },
  {
    id: 8, at: '2030-01-01T08:00:00.000Z', actorUsername: 'sysadmin', actorId: -1, action: 'dept-delete', actionName: '删除部门',
    target: '测试部', detail: '部门下还有用户', result: 'failure', ip: '10.0.0.8', userAgent: '',
  },
];

let restore: (() => void) | undefined;
afterEach(() => restore?.());
const LOAD = { timeout: 30_000 };

function serve(reply: FakeReply) {
  const server = installFakeServer({ [`GET ${AUTH_PATHS.userDetail}`]: ok(sysadmin), [`GET ${LOG_PATHS.recent}`]: reply });
  restore = server.restore;
}

describe('系统管理首页', { timeout: 120_000 }, () => {
  it('shows the account’s own recent actions with their results', async () => {
    serve(ok(recent));
    renderSignedIn('/sysMgr/index', sysadmin);
    const table = await screen.findByTestId('recent-activity', {}, LOAD);
    expect(await within(table).findByText('统计报表（/reports）', {}, LOAD)).toBeInTheDocument();
    expect(within(table).getByText('删除部门')).toBeInTheDocument();
    expect(within(table).getByText('失败')).toHaveClass('ant-tag-error');
  });

  it('links to the management pages the account holds, and only those', async () => {
    serve(ok([]));
    const { user, router } = renderSignedIn('/sysMgr/index', sysadmin);
    const links = await screen.findByTestId('quick-links', {}, LOAD);
    expect(within(links).getAllByRole('link').map((a) => a.textContent)).toEqual([
      expect.stringContaining('人员管理'), expect.stringContaining('部门管理'), expect.stringContaining('功能点管理'),
    ]);
    expect(await screen.findByText('暂无操作记录', {}, LOAD)).toBeInTheDocument();
    await user.click(within(links).getByText('功能点管理'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/implConfigMgr/funcMgr'), LOAD);
  });

  it('tells when the recent actions cannot be loaded', async () => {
    serve({ status: 500, data: { code: 500, message: '后端服务异常', results: null } });
    renderSignedIn('/sysMgr/index', sysadmin);
    expect(await screen.findByText('最近操作加载失败，请稍后刷新', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('sysmgr-role')).toHaveTextContent('系统管理员');
  });
});
