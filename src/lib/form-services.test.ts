import { afterEach, describe, expect, it } from 'vitest';
import { DEPT_PATHS, DICT_PATHS } from '../../contract/api/runtime';
import { installFakeServer } from '../test/fake-adapter';
import { ok } from '../test/factories';
import { appFormServices as s } from './form-services';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const DEPT_TREE = [{ id: -2, name: '总部', parentId: null, code: '', sort: 0, userCount: 0, children: [] }];

describe('the form services of the app', () => {
  it('load selects from the real paths and unwrap the envelope', async () => {
    const server = installFakeServer({
      [`GET ${DICT_PATHS.staticEnum}`]: ok({ options: [{ label: '公开', value: 'public' }], multiple: false }),
      [`GET /api/sysMgr/flat-tree-dict/TASK_TYPE/tree4def`]: ok({
        code: 'TASK_TYPE',
        name: '任务类型',
        children: [
          { id: 1, name: '试验任务', code: 'TEST', disabled: false, children: [{ id: 3, name: '型式试验', code: 'TYPE', disabled: false, children: [] }] },
          { id: 2, name: '停用任务', code: 'OLD', disabled: true, children: [] },
        ],
      }),
      [`GET ${DEPT_PATHS.tree.replace(':id', '-2')}`]: ok(DEPT_TREE),
      [`GET ${DICT_PATHS.tbom}`]: ok([{ id: 1, name: '阀体', code: 'A', disabled: false, children: [] }]),
      [`GET /api/sysMgr/roles`]: ok({ list: [{ id: 5, name: '研发人员' }], total: 1, page: 1, pageSize: 25 }),
    });
    restore = server.restore;
    expect(await s.fetchStaticEnum!('user', 'clearance')).toEqual({ options: [{ label: '公开', value: 'public' }], multiple: false });
    expect(server.calls.at(-1)?.params).toEqual({ modelId: 'user', sColumnName: 'clearance' });
    // spec §7: the dictionary loader reads tree4def; disabled entries are not offered.
    expect(await s.fetchDict!('TASK_TYPE')).toEqual([{ name: '试验任务', id: 'TEST' }, { name: '试验任务 / 型式试验', id: 'TYPE' }]);
    expect(server.calls.some((c) => c.url === '/api/sysMgr/flat-tree-dict/TASK_TYPE/tree4def')).toBe(true);
    expect(await s.loadDeptTree!()).toEqual(DEPT_TREE);
    expect((await s.loadTbomTree!('阀'))[0].name).toBe('阀体');
    expect(server.calls.at(-1)?.params).toEqual({ filter: '阀' });
    // A paged answer gives its list.
    expect(await s.fetchOptions!('/api/sysMgr/roles', { page: 1 })).toEqual([{ id: 5, name: '研发人员' }]);
  });

  it('are silent: a refused list is an empty select, not the end of the session', async () => {
    const server = installFakeServer({});
    restore = server.restore;
    await expect(s.loadDeptTree!()).rejects.toThrow();
    expect(server.calls[0].silent).toBe(true);
  });
});
