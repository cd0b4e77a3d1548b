import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICT_PATHS, fillPath, type DictTreeNode, type TbomNode } from '../../../contract/api';
import { dictionaries, dictItems, tbomNodes } from '../../db/schema';
import { migrationsFolder } from '../../db/migrations-folder';
import { SEED_DICTIONARIES, seedDictionaries } from '../../db/seed-dicts';
import { createAdminTestApp, type TestApp } from '../../test-support/test-app';
import { bearer } from '../../test-support/http';

let t: TestApp;
let tokens: Record<string, string> = {};
beforeAll(async () => {
  ({ t, tokens } = await createAdminTestApp());
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

describe('字典管理 (issue 17)', () => {
  const items = (code: string) => fillPath(DICT_PATHS.items, { dictCode: code });
  const item = (code: string, id: number) => fillPath(DICT_PATHS.item, { dictCode: code, id });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = 'sysadmin') =>
    t.app.inject({ method, url, payload: payload as never, headers: bearer(tokens[who]) });
  const dutyId = async (code: string) =>
    ((await get(items('DUTY_CODE'), 'sysadmin')).json().results as { id: number; code: string; system: string }[]).find((i) => i.code === code)!;

  it('lists a dictionary\'s entries with the system flag as the string of the generic table', async () => {
    const res = await get(items('DUTY_CODE'), 'sysadmin');
    expect(res.statusCode).toBe(200);
    const rows = res.json().results as { code: string; system: string; sort: number }[];
    expect(rows.map((r) => r.code).slice(0, 2)).toEqual(['GM', 'DGM']);
    // The shipped entries are samples (issue 27 §6), not built-in.
    expect(rows.every((r) => r.system === 'false')).toBe(true);
  });

  it('ships its entries as samples the administrator may delete and recode, valve-industry ones included', async () => {
    const seats = (await get(items('VALVE_SEAT_STRUCTURE'), 'sysadmin')).json().results as { id: number; code: string }[];
    const floating = seats.find((r) => r.code === 'FLOATING')!;
    const recode = await send('PUT', item('VALVE_SEAT_STRUCTURE', floating.id), { code: 'FLOAT_SEAT', name: '浮动阀座' });
    expect(recode.statusCode).toBe(200);
    expect((await send('DELETE', item('VALVE_SEAT_STRUCTURE', floating.id))).statusCode).toBe(200);
    const pressure = (await get(items('NOMINAL_PRESSURE'), 'sysadmin')).json().results as { id: number }[];
    for (const row of pressure) expect((await send('DELETE', item('NOMINAL_PRESSURE', row.id))).statusCode).toBe(200);
    expect((await get(items('NOMINAL_PRESSURE'), 'sysadmin')).json().results).toEqual([]);
    // Existing databases too: the migration unmarks what earlier releases seeded as system.
    const migration = fs.readFileSync(path.join(migrationsFolder(), '0023_dict-samples.sql'), 'utf8');
    await t.deps.db.update(dictItems).set({ system: true }).where(eq(dictItems.dictCode, 'TASK_PRIORITY'));
    await t.deps.db.execute(sql.raw(migration));
    expect(await t.deps.db.$count(dictItems, eq(dictItems.system, true))).toBe(0);
  });

  it('adds, renames, reorders and disables an entry; tree4def and static-enum answer it at once', async () => {
    const add = await send('POST', items('DUTY_CODE'), { code: 'TECHNICIAN', name: '技术员', sort: 0, parentId: null });
    expect(add.statusCode).toBe(200);
    const { id, system } = add.json().results as { id: number; system: string };
    expect(system).toBe('false');
    const options = async () =>
      ((await get(`${DICT_PATHS.staticEnum}?modelId=user&sColumnName=duty`)).json().results as { options: { label: string }[] }).options
        .map((o) => o.label);
    // Sort 0 places it among the first (ties by age), 100 after the seeded ones.
    expect((await options()).slice(0, 2)).toEqual(['总经理', '技术员']);
    expect((await send('PUT', item('DUTY_CODE', id), { code: 'TECHNICIAN', name: '高级技术员', sort: 100 })).statusCode).toBe(200);
    expect((await options()).at(-1)).toBe('高级技术员');
    const off = await send('POST', fillPath(DICT_PATHS.itemDisable, { dictCode: 'DUTY_CODE', id }), { disabled: true });
    expect(off.statusCode).toBe(200);
    expect(await options()).not.toContain('高级技术员');
    const tree = (await get(fillPath(DICT_PATHS.tree4def, { dictCode: 'DUTY_CODE' }))).json().results as { children: DictTreeNode[] };
    expect(tree.children.find((c) => c.code === 'TECHNICIAN')).toMatchObject({ disabled: true });
    expect((await send('DELETE', item('DUTY_CODE', id))).statusCode).toBe(200);
    expect((await get(items('DUTY_CODE'), 'sysadmin')).json().results).not.toContainEqual(expect.objectContaining({ id }));
  });

  it('never deletes a system entry nor changes its code or parent; a name and order may change', async () => {
    // No entry ships as system today; one a later release relies on is marked so.
    await t.deps.db.update(dictItems).set({ system: true }).where(and(eq(dictItems.dictCode, 'DUTY_CODE'), eq(dictItems.code, 'GM')));
    const gm = await dutyId('GM');
    const del = await send('DELETE', item('DUTY_CODE', gm.id));
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toBe('系统内置字典项不能删除，可停用');
    const recode = await send('PUT', item('DUTY_CODE', gm.id), { code: 'BOSS', name: '总经理' });
    expect(recode.statusCode).toBe(400);
    expect(recode.json().message).toBe('系统内置字典项的编码不能修改');
    const dgm = await dutyId('DGM');
    const move = await send('PUT', item('DUTY_CODE', gm.id), { code: 'GM', name: '总经理', parentId: dgm.id });
    expect(move.json().message).toBe('系统内置字典项的上级不能修改');
    const rename = await send('PUT', item('DUTY_CODE', gm.id), { code: 'GM', name: '总裁', sort: 0 });
    expect(rename.statusCode).toBe(200);
    // A user entry below a system one may go; a system entry below a user entry keeps the user entry.
    const child = await send('POST', items('DUTY_CODE'), { code: 'GM_ASSISTANT', name: '总经理助理', parentId: gm.id });
    expect((await send('DELETE', item('DUTY_CODE', (child.json().results as { id: number }).id))).statusCode).toBe(200);
    await send('PUT', item('DUTY_CODE', gm.id), { code: 'GM', name: '总经理', sort: 0 });
    await t.deps.db.update(dictItems).set({ system: false }).where(eq(dictItems.id, gm.id));
  });

  it('refuses bad input in Chinese: empty, too long, odd characters, a taken code, a parent from elsewhere, itself', async () => {
    const cases: [unknown, string][] = [
      [{ code: '', name: '甲' }, '请输入编码'],
      [{ code: 'A B', name: '甲' }, '编码只能包含字母、数字、下划线、点和短横线'],
      [{ code: 'OK', name: '' }, '请输入名称'],
      [{ code: 'OK', name: '名'.repeat(51) }, '名称不能超过 50 个字符'],
      [{ code: 'OK', name: '甲', sort: -1 }, '排序须为 0 到 9999 的整数'],
      [{ code: 'GM', name: '甲' }, '编码 GM 已存在'],
      [{ code: 'OK', name: '甲', parentId: 999999 }, '上级字典项不存在'],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', items('DUTY_CODE'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const made = (await send('POST', items('DUTY_CODE'), { code: 'LOOP', name: '环' })).json().results as { id: number };
    const self = await send('PUT', item('DUTY_CODE', made.id), { code: 'LOOP', name: '环', parentId: made.id });
    expect(self.json().message).toBe('上级字典项不能是它自己或它的下级');
    expect((await send('PUT', item('DUTY_CODE', 999999), { code: 'X', name: '甲' })).statusCode).toBe(404);
    expect((await send('POST', items('NO_SUCH'), { code: 'X', name: '甲' })).statusCode).toBe(404);
    await send('DELETE', item('DUTY_CODE', made.id));
  });

  it('is the system administrator\'s: the other accounts are refused every call, also reading the rows', async () => {
    for (const who of ['secadmin', 'auditadmin', 'staff']) {
      expect((await get(items('DUTY_CODE'), who)).statusCode, who).toBe(403);
      expect((await send('POST', items('DUTY_CODE'), { code: 'HACK', name: '越权' }, who)).statusCode, who).toBe(403);
      const gm = await dutyId('GM');
      expect((await send('DELETE', item('DUTY_CODE', gm.id), undefined, who)).statusCode, who).toBe(403);
    }
  });
});
