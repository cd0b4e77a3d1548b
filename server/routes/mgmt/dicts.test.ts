import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICT_PATHS, fillPath, type DictTreeNode, type TbomNode } from '../../../contract/api';
import { dictionaries, dictItems, tbomNodes } from '../../db/schema';
import { SEED_DICTIONARIES, seedDictionaries } from '../../db/seed-dicts';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, signIn } from '../../test-support/http';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['sysadmin', 'secadmin', 'auditadmin']) tokens[u] = await signIn(t.app, u, TEST_ADMIN_PASSWORD);
  tokens.staff = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
});
afterAll(() => t.close());

const get = (url: string, who = 'staff') => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const names = (nodes: { name: string; children: unknown[] }[]): unknown[] =>
  nodes.map((n) => (n.children.length ? [n.name, names(n.children as never)] : n.name));

describe('seeded dictionaries', () => {
  it('holds the groups of spec §3 and the named dictionaries', async () => {
    const res = await get(DICT_PATHS.groups);
    expect(res.statusCode).toBe(200);
    const groups = res.json().results as { code: string; name: string; dictionaries: { code: string; itemCount: number }[] }[];
    expect(groups.map((g) => [g.code, g.name])).toEqual([
      ['common', '通用'], ['knowledge', '知识'], ['project', '项目'], ['task-center', '任务中心'], ['rd-config', '研发配置'],
    ]);
    const codes = groups.flatMap((g) => g.dictionaries.map((d) => d.code));
    for (const code of [
      'APP_TEMPLATE_CLASSIFICATION', 'CATEGORY_ROUTE', 'DUTY_CODE', 'PROFESSION', 'KNOWLEDGE_RANGE_TYPE',
      'TECH_DISCUSSION_TYPE', 'TASK_TYPE', 'DRIVER_METHOD', 'VALVE_SEAT_STRUCTURE',
    ]) expect(codes).toContain(code);
    expect(groups.find((g) => g.code === 'rd-config')?.dictionaries.find((d) => d.code === 'DRIVER_METHOD')?.itemCount).toBe(8);
  });

  it('seeding again adds nothing', async () => {
    const before = [await t.deps.db.$count(dictionaries), await t.deps.db.$count(dictItems), await t.deps.db.$count(tbomNodes)];
    await seedDictionaries(t.deps.db);
    expect([await t.deps.db.$count(dictionaries), await t.deps.db.$count(dictItems), await t.deps.db.$count(tbomNodes)]).toEqual(before);
    expect(before[0]).toBe(SEED_DICTIONARIES.length);
  });
});

describe('tree4def', () => {
  it('answers a dictionary as a tree with codes and disabled entries marked', async () => {
    const res = await get(fillPath(DICT_PATHS.tree4def, { dictCode: 'VALVE_SEAT_STRUCTURE' }));
    expect(res.statusCode).toBe(200);
    const { code, name, children } = res.json().results as { code: string; name: string; children: DictTreeNode[] };
    expect([code, name]).toEqual(['VALVE_SEAT_STRUCTURE', '阀座结构']);
    expect(names(children)).toEqual([
      ['软密封', ['PTFE 软密封', '橡胶软密封', 'PPL 软密封']], ['硬密封', ['金属硬密封', '堆焊硬质合金']], '浮动阀座', '固定阀座', '弹性阀座',
    ]);
    expect(children[0]).toMatchObject({ code: 'SOFT', disabled: false });
    expect(children[4]).toMatchObject({ code: 'ELASTIC', disabled: true });
    expect(typeof children[0].id).toBe('number');
  });

  it('answers 404 with a clear message for an unknown code, 400 for a malformed one', async () => {
    const res = await get(fillPath(DICT_PATHS.tree4def, { dictCode: 'NO_SUCH_DICT' }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: '字典 NO_SUCH_DICT 不存在', results: null });
    const bad = await get(fillPath(DICT_PATHS.tree4def, { dictCode: 'A B' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('参数 dictCode 格式不正确');
  });
});

describe('dictionary options', () => {
  it('answers enabled entries as { name, id } with the parent path in sub-entry names', async () => {
    const res = await get(fillPath(DICT_PATHS.options, { dictCode: 'VALVE_SEAT_STRUCTURE' }));
    expect(res.json().results).toEqual([
      { name: '软密封', id: 'SOFT' }, { name: '软密封 / PTFE 软密封', id: 'SOFT_PTFE' }, { name: '软密封 / 橡胶软密封', id: 'SOFT_RUBBER' },
      { name: '软密封 / PPL 软密封', id: 'SOFT_PPL' }, { name: '硬密封', id: 'HARD' }, { name: '硬密封 / 金属硬密封', id: 'HARD_METAL' },
      { name: '硬密封 / 堆焊硬质合金', id: 'HARD_STELLITE' }, { name: '浮动阀座', id: 'FLOATING' }, { name: '固定阀座', id: 'FIXED' },
    ]);
    expect((await get(fillPath(DICT_PATHS.options, { dictCode: 'NOPE' }))).statusCode).toBe(404);
  });

  it('answers the secrecy grades lowest first', async () => {
    const res = await get(DICT_PATHS.gradeOptions);
    expect(res.json().results).toEqual([
      { name: '公开', id: 'public' }, { name: '内部', id: 'internal' }, { name: '秘密', id: 'secret' }, { name: '机密', id: 'confidential' },
    ]);
  });
});

describe('static enums', () => {
  const enumOf = (modelId: string, sColumnName: string) =>
    get(`${DICT_PATHS.staticEnum}?${new URLSearchParams({ modelId, sColumnName }).toString()}`);

  it('answers the grades for a document’s secrecy and a user’s clearance', async () => {
    for (const [model, column] of [['knowledgeDocument', 'secrecy'], ['user', 'clearance']]) {
      const res = await enumOf(model, column);
      expect(res.json().results).toEqual({
        options: [
          { label: '公开', value: 'public' }, { label: '内部', value: 'internal' }, { label: '秘密', value: 'secret' },
          { label: '机密', value: 'confidential' },
        ],
        multiple: false,
      });
    }
  });

  it('answers fixed and dictionary-backed columns, with multiplicity', async () => {
    expect((await enumOf('user', 'disabled')).json().results).toEqual({
      options: [{ label: '启用', value: 'false' }, { label: '停用', value: 'true' }], multiple: false,
    });
    const seat = (await enumOf('valve', 'seatStructure')).json().results;
    expect(seat.multiple).toBe(true);
    expect(seat.options[1]).toEqual({ label: '软密封 / PTFE 软密封', value: 'SOFT_PTFE' });
    const driver = (await enumOf('valve', 'driverMethod')).json().results;
    expect(driver.options.map((o: { value: string }) => o.value)).toEqual([
      'MANUAL', 'MANUAL_HANDWHEEL', 'MANUAL_LEVER', 'MANUAL_GEAR', 'ELECTRIC', 'PNEUMATIC', 'HYDRAULIC', 'ELECTRO_HYDRAULIC',
    ]);
  });

  it('refuses unknown columns and missing parameters in Chinese', async () => {
    const unknown = await enumOf('user', 'password');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('模型 user 的字段 password 没有枚举定义');
    expect((await enumOf('toString', 'constructor')).statusCode).toBe(404);
    const missing = await get(`${DICT_PATHS.staticEnum}?modelId=user`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('参数 sColumnName 不能为空');
  });
});

describe('tbom tree for the selector', () => {
  const tbom = (filter?: string) => get(filter === undefined ? DICT_PATHS.tbom : `${DICT_PATHS.tbom}?filter=${encodeURIComponent(filter)}`);

  it('answers the whole product structure without a filter, retired products disabled', async () => {
    const nodes = (await tbom()).json().results as TbomNode[];
    expect(nodes.map((n) => [n.name, n.disabled])).toEqual([
      ['气动调节阀 QTF-100', false], ['电动闸阀 Z941H-16C', false], ['手动球阀 Q41F-25（停产）', true],
    ]);
    expect(nodes[0].children.map((n) => n.name)).toEqual(['阀体组件', '气动执行机构', '附件']);
    expect(nodes[2].children.every((n) => n.disabled)).toBe(true);
  });

  it('keeps matches (by name or code, case-insensitive) with their ancestors and own parts', async () => {
    const byName = (await tbom('定位器')).json().results as TbomNode[];
    expect(names(byName)).toEqual([['气动调节阀 QTF-100', [['附件', ['电气阀门定位器']]]]]);
    const byCode = (await tbom('z941h-02')).json().results as TbomNode[];
    expect(names(byCode)).toEqual([['电动闸阀 Z941H-16C', [['电动装置', ['电机', '减速箱', '控制模块']]]]]);
    expect((await tbom('不存在的部件')).json().results).toEqual([]);
    expect((await tbom('   ')).json().results).toHaveLength(3);
  });

  it('refuses an oversized filter', async () => {
    const res = await tbom('x'.repeat(101));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('参数 filter 长度不能超过 100');
  });
});

describe('who may read selector data', () => {
  it('any signed-in account, no one without a session', async () => {
    const urls = [
      DICT_PATHS.groups, DICT_PATHS.gradeOptions, DICT_PATHS.tbom, fillPath(DICT_PATHS.tree4def, { dictCode: 'TASK_TYPE' }),
      fillPath(DICT_PATHS.options, { dictCode: 'TASK_TYPE' }), `${DICT_PATHS.staticEnum}?modelId=user&sColumnName=clearance`,
    ];
    for (const url of urls) {
      for (const who of ['sysadmin', 'secadmin', 'auditadmin', 'staff']) expect((await get(url, who)).statusCode, `${who} ${url}`).toBe(200);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
