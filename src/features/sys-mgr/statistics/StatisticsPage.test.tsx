import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, DEPT_PATHS, fillPath, ROOT_DEPT_ID, STATISTICS_PATHS } from '../../../../contract/api/runtime';
import type { StatisticsFigures } from '../../../../contract/api';
import { cartesianOf } from '../../../components/chart/Chart.test-util';
import { installFakeServer, type FakeRequest } from '../../../test/fake-adapter';
import { ok, userDetail } from '../../../test/factories';
import { renderSignedIn } from '../../../test/render-app';

vi.mock('../../../components/chart/Chart', () => import('../../../components/chart/Chart.test-util'));

const auditadmin = userDetail({
  user: { id: -3, fullName: '安全审计员', username: 'auditadmin', deptId: -2, roles: [] },
  roles: [],
  allFunc: ['/sysMgr', '/sysMgr/index', '/sysMgr/statistics'],
  allBtn: { '/sysMgr/statistics#export': true },
});

const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const figures: StatisticsFigures = {
  days: [{ day: today, operations: 40, activeUsers: 3, logins: 5, failures: 2 }],
  topActions: [{ action: '登录', count: 5 }, { action: '上传文档', count: 3 }],
  questions: [{ day: today, mode: '知识库问答', questions: 7 }, { day: today, mode: '普通对话', questions: 4 }],
  documents: [
    { space: '制度库', grade: '公开', documents: 3, chunks: 30 }, { space: '制度库', grade: '秘密', documents: 1, chunks: 8 },
    { space: '产品手册', grade: '内部', documents: 2, chunks: 12 },
  ],
  processingFailures: [{ source: '知识库文档', reason: '文件无法解析', count: 2 }],
  models: [{ model: 'qwen', answers: 11, firstTokenMs: 420, firstTokenP90Ms: 900, tokensPerSecond: 35.5, queueWaitMs: 20, queueWaitMaxMs: 300 }],
  topSpaces: [{ space: '制度库', questions: 6 }, { space: '产品手册', questions: 1 }],
  adminActions: [
    { admin: '系统管理员', action: '新增用户', count: 3 }, { admin: '安全保密管理员', action: '角色授权', count: 2 },
    { admin: '系统管理员', action: '角色授权', count: 1 },
  ],
};

let restore: (() => void) | undefined;
afterEach(() => restore?.());
const LOAD = { timeout: 30_000 };
const chart = (name: string) => cartesianOf(screen.getByRole('img', { name }));

describe('统计', { timeout: 240_000 }, () => {
  it('draws every figure from the server, and asks again for a department', async () => {
    const asked: Record<string, unknown>[] = [];
    const server = installFakeServer({
      [`GET ${AUTH_PATHS.userDetail}`]: ok(auditadmin),
      [`GET ${fillPath(DEPT_PATHS.tree, { id: ROOT_DEPT_ID })}`]: ok([{ id: -2, name: '总部', parentId: null, code: '', sort: 0, userCount: 0, disabled: false, children: [{ id: 5, name: '研发部', parentId: -2, code: '', sort: 0, userCount: 0, disabled: false, children: [] }] }]),
      [`GET ${STATISTICS_PATHS.audit}`]: (config: FakeRequest) => {
        asked.push(config.params as Record<string, unknown>);
        return ok(figures);
      },
    });
    restore = server.restore;
    const { user } = renderSignedIn('/sysMgr/statistics', auditadmin);
    await screen.findByRole('img', { name: '每日提问柱状图' }, LOAD);
    // The questions per mode, stacked per day; today is the last day of the default range.
    const questions = chart('每日提问柱状图');
    expect(questions.series.map((s) => [s.name, s.stack, s.data.at(-1)])).toEqual([['知识库问答', 'questions', 7], ['普通对话', 'questions', 4]]);
    expect(questions.series[0].data).toHaveLength(30);
    // Rankings lie down, the largest on top.
    expect(chart('知识空间提问排行条形图')).toMatchObject({ horizontal: true, categories: ['制度库', '产品手册'], series: [{ data: [6, 1] }] });
    const documents = chart('文档数柱状图');
    expect(documents.categories).toEqual(['制度库', '产品手册']);
    expect(documents.series.map((s) => [s.name, s.data])).toEqual([['公开', [3, 0]], ['秘密', [1, 0]], ['内部', [0, 2]]]);
    expect(chart('分段数柱状图').series.map((s) => s.data)).toEqual([[30, 0], [8, 0], [0, 12]]);
    expect(chart('处理失败原因条形图').categories).toEqual(['知识库文档：文件无法解析']);
    const models = chart('模型耗时柱状图');
    expect(models.series.map((s) => [s.name, s.data[0]])).toEqual([
      ['首字时间（平均）', 420], ['首字时间（P90）', 900], ['排队等待（平均）', 20], ['排队等待（最长）', 300], ['每秒 token 数', 35.5],
    ]);
    // The other two administrators' operations, one stacked series each.
    const admins = chart('管理员操作条形图');
    expect(admins.categories).toEqual(['新增用户', '角色授权']);
    expect(admins.series.map((s) => [s.name, s.data])).toEqual([['系统管理员', [3, 1]], ['安全保密管理员', [0, 2]]]);
    expect(screen.getByTestId('statistics-duty')).toHaveTextContent('安全审计统计');
    const cards = screen.getByText('提问次数').closest('section')!;
    expect(within(cards).getByText('11')).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ endDate: today });
    expect(asked[0].deptId).toBeUndefined();

    await user.click(screen.getByRole('combobox', { name: '部门' }));
    await user.click(await screen.findByTitle('研发部', {}, LOAD));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ deptId: 5 }), LOAD);
  });

  it('says so where a figure has nothing in the range', async () => {
    const server = installFakeServer({
      [`GET ${AUTH_PATHS.userDetail}`]: ok(auditadmin),
      [`GET ${fillPath(DEPT_PATHS.tree, { id: ROOT_DEPT_ID })}`]: ok([]),
      [`GET ${STATISTICS_PATHS.audit}`]: ok({ ...figures, documents: [], models: [], processingFailures: [], topSpaces: [], adminActions: [] }),
    });
    restore = server.restore;
    renderSignedIn('/sysMgr/statistics', auditadmin);
    await screen.findByRole('img', { name: '每日提问柱状图' }, LOAD);
    for (const title of ['知识空间提问排行', '新增文档（按知识空间和密级）', '模型耗时与排队', '处理失败原因', '系统管理员与安全保密管理员的操作']) {
      expect(within(screen.getByRole('region', { name: title })).getByText('所选范围内没有数据')).toBeInTheDocument();
    }
  });
});
