// 统计 for the system and the security administrator (issue 27 §6): each asks its own path and sees its own sections,
// never another duty's.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, DEPT_PATHS, fillPath, ROOT_DEPT_ID, STATISTICS_PATHS } from '../../../../contract/api/runtime';
import type { SecurityStatisticsFigures, SystemStatisticsFigures } from '../../../../contract/api';
import { cartesianOf, pieOf } from '../../../components/chart/Chart.test-util';
import { installFakeServer } from '../../../test/fake-adapter';
import { ok, userDetail } from '../../../test/factories';
import { renderSignedIn } from '../../../test/render-app';

vi.mock('../../../components/chart/Chart', () => import('../../../components/chart/Chart.test-util'));

const admin = (id: number, username: string, fullName: string) => userDetail({
  user: { id, fullName, username, deptId: -2, roles: [] },
  roles: [],
  allFunc: ['/sysMgr', '/sysMgr/index', '/sysMgr/statistics'],
  allBtn: { '/sysMgr/statistics#export': true },
});
const sysadmin = admin(-1, 'sysadmin', '系统管理员');
const secadmin = admin(-2, 'secadmin', '安全保密管理员');

const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const system: SystemStatisticsFigures = {
  days: [{ day: today, activeUsers: 6, questions: 9, errors: 2 }],
  questions: [{ day: today, mode: '普通对话', questions: 9 }],
  topSpaces: [{ space: '制度库', questions: 4 }],
  spaceDocuments: [{ space: '制度库', documents: 3, chunks: 40 }],
  processingFailures: [],
  models: [{ model: 'qwen', answers: 9, firstTokenMs: 300, firstTokenP90Ms: 700, tokensPerSecond: 20, queueWaitMs: 5, queueWaitMaxMs: 50 }],
  errors: [{ kind: '接口错误', count: 2 }],
};
const security: SecurityStatisticsFigures = {
  days: [{ day: today, logins: 12, loginFailures: 3, locks: 1, unlocks: 1, refusals: 2 }],
  accountChanges: [{ action: '角色授权', count: 2 }, { action: '设置密级', count: 1 }],
  gradeDocuments: [{ grade: '公开', documents: 5 }, { grade: '内部', documents: 0 }, { grade: '秘密', documents: 2 }],
  clearances: [{ grade: '公开', users: 10 }, { grade: '内部', users: 4 }, { grade: '秘密', users: 1 }],
};

let restore: (() => void) | undefined;
afterEach(() => restore?.());
const LOAD = { timeout: 30_000 };
const AUDIT_SECTIONS = ['操作排行', '每日操作与活跃用户', '系统管理员与安全保密管理员的操作'];

function serve(who: typeof sysadmin, path: string, figures: unknown) {
  const server = installFakeServer({
    [`GET ${AUTH_PATHS.userDetail}`]: ok(who),
    [`GET ${fillPath(DEPT_PATHS.tree, { id: ROOT_DEPT_ID })}`]: ok([]),
    [`GET ${path}`]: ok(figures),
  });
  restore = server.restore;
  return server;
}
const askedPaths = (server: ReturnType<typeof serve>) => server.calls.map((c) => (c.url ?? '').split('?')[0]).filter((u) => u.startsWith('/api/sysMgr/statistics'));

describe('统计 per system account', { timeout: 240_000 }, () => {
  it('shows the system administrator 系统运行: activity and errors, questions, models, documents per space — asking only its path', async () => {
    const server = serve(sysadmin, STATISTICS_PATHS.system, system);
    renderSignedIn('/sysMgr/statistics', sysadmin);
    // A chart drawn only with figures: the answer has arrived.
    await screen.findByRole('img', { name: '错误类型条形图' }, LOAD);
    const activity = cartesianOf(screen.getByRole('img', { name: '每日活跃用户与错误图' }));
    expect(activity.series.map((s) => [s.name, s.data.at(-1)])).toEqual([['活跃用户', 6], ['错误次数', 2]]);
    expect(activity.series[0].data).toHaveLength(30);
    expect(cartesianOf(screen.getByRole('img', { name: '知识空间文档柱状图' })).series.map((s) => [s.name, s.data])).toEqual([['文档数', [3]], ['分段数', [40]]]);
    expect(cartesianOf(screen.getByRole('img', { name: '错误类型条形图' })).categories).toEqual(['接口错误']);
    expect(screen.getByRole('img', { name: '模型耗时柱状图' })).toBeInTheDocument();
    expect(screen.getByTestId('statistics-duty')).toHaveTextContent('系统运行统计');
    expect(within(screen.getByRole('group', { name: '合计' })).getByText('提问次数')).toBeInTheDocument();
    for (const title of [...AUDIT_SECTIONS, '账号与权限变更', '人员密级分布（当前）']) expect(screen.queryByRole('region', { name: title })).toBeNull();
    expect(screen.queryByText(/密级/)).toBeNull();
    expect(new Set(askedPaths(server))).toEqual(new Set([STATISTICS_PATHS.system]));
  });

  it('shows the security administrator 安全保密: sign-ins, locks and refusals, account changes, grades — asking only its path', async () => {
    const server = serve(secadmin, STATISTICS_PATHS.security, security);
    renderSignedIn('/sysMgr/statistics', secadmin);
    await screen.findByRole('img', { name: '账号与权限变更条形图' }, LOAD);
    const signIns = cartesianOf(screen.getByRole('img', { name: '每日登录柱状图' }));
    expect(signIns.series.map((s) => [s.name, s.data.at(-1)])).toEqual([['登录成功', 12], ['登录失败', 3]]);
    const guards = cartesianOf(screen.getByRole('img', { name: '每日锁定与越权柱状图' }));
    expect(guards.series.map((s) => [s.name, s.data.at(-1)])).toEqual([['账号锁定', 1], ['账号解锁', 1], ['越权拒绝', 2]]);
    expect(cartesianOf(screen.getByRole('img', { name: '账号与权限变更条形图' })).categories).toEqual(['角色授权', '设置密级']);
    // One bar per grade, in the grade's order.
    const grades = cartesianOf(screen.getByRole('img', { name: '文档密级柱状图' }));
    expect(grades.categories).toEqual(['公开', '内部', '秘密']);
    expect(grades.series.map((s) => s.data)).toEqual([[5, null, null], [null, 0, null], [null, null, 2]]);
    expect(pieOf(screen.getByRole('img', { name: '人员密级饼图' })).slices).toEqual([
      { name: '公开', value: 10 }, { name: '内部', value: 4 }, { name: '秘密', value: 1 },
    ]);
    const totals = screen.getByRole('group', { name: '合计' });
    expect(within(totals).getByText('越权拒绝').closest('section')).toHaveTextContent('2');
    for (const title of [...AUDIT_SECTIONS, '每日提问（按对话模式）', '模型耗时与排队', '错误类型']) expect(screen.queryByRole('region', { name: title })).toBeNull();
    expect(new Set(askedPaths(server))).toEqual(new Set([STATISTICS_PATHS.security]));
  });
});
