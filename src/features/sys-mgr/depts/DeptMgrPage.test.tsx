import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS, DEPT_PATHS } from '../../../../contract/api/runtime';
import type { Dept, DeptFlatItem, DeptTreeNode } from '../../../../contract/api';
import { installFakeServer, type FakeHandler } from '../../../test/fake-adapter';
import { ok, userDetail } from '../../../test/factories';
import { renderSignedIn } from '../../../test/render-app';

const sysadmin = userDetail({
  user: { id: -1, fullName: '系统管理员', username: 'sysadmin', deptId: -2, roles: [] },
  roles: [],
  allFunc: ['/sysMgr', '/sysMgr/index', '/sysMgr/deptMgr'],
  allBtn: { '/sysMgr/deptMgr#add': true, '/sysMgr/deptMgr#edit': true, '/sysMgr/deptMgr#delete': true },
});
const secadmin = userDetail({
  user: { id: -2, fullName: '安全保密管理员', username: 'secadmin', deptId: -2, roles: [] },
  roles: [],
  allFunc: ['/sysMgr', '/sysMgr/index', '/sysMgr/deptMgr'],
  allBtn: {},
});

type Row = { id: number; parentId: number | null; name: string; code: string; sort: number; remark: string; users: number };

/** A small in-memory department server answering the calls the screen makes. */
function deptServer() {
  let rows: Row[] = [
    { id: -2, parentId: null, name: '总部', code: '', sort: 0, remark: '', users: 0 },
    { id: 1, parentId: -2, name: '研发中心', code: 'RD', sort: 0, remark: '产品研发', users: 1 },
    { id: 2, parentId: 1, name: '软件研发部', code: 'RD-SW', sort: 0, remark: '', users: 2 },
    { id: 3, parentId: 1, name: '测试部', code: '', sort: 1, remark: '', users: 0 },
    { id: 4, parentId: -2, name: '市场部', code: 'MK', sort: 1, remark: '', users: 3 },
  ];
  let nextId = 10;
  const kids = (id: number) => rows.filter((r) => r.parentId === id).sort((a, b) => a.sort - b.sort || a.id - b.id);
  // Like the server: disableSubtreeOf marks that department and its subtree disabled.
  const node = (r: Row, off?: number, above = false): DeptTreeNode => {
    const disabled = above || r.id === off;
    return { id: r.id, name: r.name, parentId: r.parentId, code: r.code, sort: r.sort, userCount: r.users, disabled, children: kids(r.id).map((k) => node(k, off, disabled)) };
  };
  const one = (r: Row): Dept => ({
    id: r.id, name: r.name, parentId: r.parentId, parentName: rows.find((p) => p.id === r.parentId)?.name ?? '', code: r.code, sort: r.sort,
    remark: r.remark, userCount: r.users, childCount: kids(r.id).length, createdAt: '2030-01-01T00:00:00Z', updatedAt: '2030-01-02T03:04:05Z',
  });
  const idOf = (url: string | undefined) => Number(url?.split('/').pop());
  const refuse = (message: string) => ({ status: 400, data: { code: 400, message, results: null } });
  const writes: { method: string; body: unknown }[] = [];
  const flat: FakeHandler = (c) => {
    const top = rows.find((r) => r.id === idOf(c.url))!;
    const out: DeptFlatItem[] = [];
    const walk = (r: Row, level: number) => {
      out.push({ id: r.id, name: r.name, parentId: r.parentId, code: r.code, sort: r.sort, remark: r.remark, level, userCount: r.users, childCount: kids(r.id).length });
      kids(r.id).forEach((k) => walk(k, level + 1));
    };
    walk(top, 0);
    return ok(out);
  };
  const routes: Record<string, FakeHandler> = {
    [`GET ${AUTH_PATHS.userDetail}`]: () => ok(sysadmin),
    [`GET /api/sysMgr/depts/tree/-2`]: (c) => {
      const off = (c.params as { disableSubtreeOf?: number } | undefined)?.disableSubtreeOf;
      return ok([node(rows[0], off === undefined ? undefined : Number(off))]);
    },
  };
  for (const r of [-2, 1, 2, 3, 4, 10, 11]) {
    routes[`GET /api/sysMgr/depts/flat-structure/${r}`] = flat;
    routes[`GET /api/sysMgr/depts/${r}`] = (c) => ok(one(rows.find((x) => x.id === idOf(c.url))!));
    routes[`DELETE /api/sysMgr/depts/${r}`] = (c) => {
      const id = idOf(c.url);
      writes.push({ method: 'DELETE', body: id });
      if (rows.find((x) => x.id === id)!.users > 0) return refuse('该部门下存在人员，无法删除');
      if (kids(id).length) return refuse('该部门下存在子部门，无法删除');
      rows = rows.filter((x) => x.id !== id);
      return ok(null);
    };
  }
  routes[`POST ${DEPT_PATHS.create}`] = (c) => {
    const body = JSON.parse(c.data as string) as Row;
    writes.push({ method: 'POST', body });
    if (body.code === 'RD') return refuse('部门编码已存在');
    const row = { ...body, id: nextId++, users: 0 };
    rows.push(row);
    return ok(one(row));
  };
  routes[`PUT ${DEPT_PATHS.update}`] = (c) => {
    const body = JSON.parse(c.data as string) as Row;
    writes.push({ method: 'PUT', body });
    rows = rows.map((r) => (r.id === body.id ? { ...r, ...body } : r));
    return ok(one(rows.find((r) => r.id === body.id)!));
  };
  // exist/:parentId/:name: only 测试部 is taken (under any parent, enough for the screen).
  const exists: FakeHandler = (c) => ok(decodeURIComponent(c.url ?? '').endsWith('/测试部'));
  const server = installFakeServer(new Proxy(routes, { get: (t, k: string) => t[k] ?? (k.startsWith('GET /api/sysMgr/depts/exist/') ? exists : undefined) }));
  restore = server.restore;
  return { server, writes };
}

const WAIT = { timeout: 8000 };

let restore: (() => void) | undefined;
afterEach(() => restore?.());

/** Types text at once (user.type is slow on antd inputs in jsdom). */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/** Renders the screen signed in as `detail` and waits for the lazy page. */
async function open(detail = sysadmin) {
  const rendered = renderSignedIn('/sysMgr/deptMgr', detail);
  await screen.findByRole('region', { name: '部门结构' }, WAIT);
  return rendered;
}

const tree = () => screen.getByRole('region', { name: '部门结构' });
const table = () => screen.getByRole('region', { name: '下级部门' });
const details = () => screen.getByRole('region', { name: '部门信息' });

describe('部门管理', { timeout: 120_000 }, () => {
  it('shows the tree from the root, the root’s details and its direct sub-departments', async () => {
    deptServer();
    await open();
    expect(await within(tree()).findByText('研发中心', {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(within(details()).getAllByText('总部').length).toBeGreaterThan(0), WAIT);
    expect(await within(table()).findByText('市场部', {}, WAIT)).toBeInTheDocument();
    expect(within(table()).getByText('3 人')).toBeInTheDocument();
    expect(within(table()).queryByText('软件研发部')).not.toBeInTheDocument();
    // The root can get children but is neither edited nor deleted.
    expect(within(details()).getByRole('button', { name: /新增下级/ })).toBeInTheDocument();
    expect(within(details()).queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
  });

  it('selecting a department in the tree shows its details and sub-departments', async () => {
    deptServer();
    const { user } = await open();
    await user.click(await within(tree()).findByText('研发中心', {}, WAIT));
    expect(await within(details()).findByText('RD', {}, WAIT)).toBeInTheDocument();
    expect(within(details()).getByText('产品研发')).toBeInTheDocument();
    expect(await within(table()).findByText('软件研发部', {}, WAIT)).toBeInTheDocument();
    expect(within(table()).getByText('测试部')).toBeInTheDocument();
  });

  it('filters the tree by the search text', async () => {
    deptServer();
    const { user } = await open();
    await within(tree()).findByText('研发中心', {}, WAIT);
    await fill(user, within(tree()).getByPlaceholderText('搜索部门名称'), '测试');
    await waitFor(() => expect(within(tree()).queryByText('市场部')).not.toBeInTheDocument(), WAIT);
    expect(within(tree()).getByText('测试')).toHaveClass('tree-search-hit');
  });

  it('adds a sub-department through the dialog and shows it in the table', async () => {
    const { writes } = deptServer();
    const { user } = await open();
    await within(table()).findByText('市场部', {}, WAIT);
    await user.click(within(table()).getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText('新增部门')).toBeInTheDocument();
    await fill(user, within(dialog).getByPlaceholderText('请输入部门名称'), '采购部');
    await fill(user, within(dialog).getByPlaceholderText('选填，如 RD-01'), 'PU');
    expect(within(dialog).getByText('3 / 50')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    expect(writes.at(-1)).toEqual({ method: 'POST', body: { parentId: -2, name: '采购部', code: 'PU', sort: 0, remark: '' } });
    expect(await within(table()).findByText('采购部', {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('已新增部门「采购部」', {}, WAIT)).toBeInTheDocument();
  });

  it('validates on the client: required name, special characters, sibling names', async () => {
    const { writes } = deptServer();
    const { user } = await open();
    await within(table()).findByText('市场部', {}, WAIT);
    await user.click(within(table()).getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const ok = within(dialog).getByRole('button', { name: /确\s*定/ });
    await user.click(ok);
    expect(await within(dialog).findByText('部门名称不能为空', {}, WAIT)).toBeInTheDocument();
    const name = within(dialog).getByPlaceholderText('请输入部门名称');
    await fill(user, name, '研发#部');
    expect(await within(dialog).findByText('不能包含特殊字符', {}, WAIT)).toBeInTheDocument();
    await user.clear(name);
    await fill(user, name, '测试部');
    await user.click(ok);
    expect(await within(dialog).findByText('同一上级部门下已存在同名部门', {}, WAIT)).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('shows the server’s refusal beside the field and keeps the dialog open', async () => {
    deptServer();
    const { user } = await open();
    await within(table()).findByText('市场部', {}, WAIT);
    await user.click(within(table()).getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await fill(user, within(dialog).getByPlaceholderText('请输入部门名称'), '采购部');
    await fill(user, within(dialog).getByPlaceholderText('选填，如 RD-01'), 'RD');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('部门编码已存在', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('edits a department from the table with its current values', async () => {
    const { writes } = deptServer();
    const { user } = await open();
    const row = (await within(table()).findByText('研发中心', {}, WAIT)).closest('tr')!;
    await user.click(within(row as HTMLElement).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const name = await within(dialog).findByDisplayValue('研发中心', {}, WAIT);
    expect(within(dialog).getByDisplayValue('产品研发')).toBeInTheDocument();
    await user.clear(name);
    await fill(user, name, '研发总院');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(writes.at(-1)).toEqual({
      method: 'PUT', body: { id: 1, parentId: -2, name: '研发总院', code: 'RD', sort: 0, remark: '产品研发' },
    }), WAIT);
    expect(await within(tree()).findByText('研发总院', {}, WAIT)).toBeInTheDocument();
  });

  it('editing: the parent picker opens expanded, with the department and its subtree disabled as the server marks them', async () => {
    const { server } = deptServer();
    const { user } = await open();
    const row = (await within(table()).findByText('研发中心', {}, WAIT)).closest('tr')!;
    await user.click(within(row as HTMLElement).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await within(dialog).findByDisplayValue('研发中心', {}, WAIT);
    await user.click(within(dialog).getByDisplayValue('总部'));
    const popover = (await screen.findByPlaceholderText('请输入关键字', {}, WAIT)).closest('.ant-popover') as HTMLElement;
    // Opened expanded: the grandchildren show without a click.
    const software = await within(popover).findByText('软件研发部', {}, WAIT);
    const node = (name: string) => within(popover).getByText(name).closest('.ant-tree-treenode')!;
    expect(software.closest('.ant-tree-treenode')).toHaveClass('ant-tree-treenode-disabled');
    expect(node('研发中心')).toHaveClass('ant-tree-treenode-disabled');
    expect(node('测试部')).toHaveClass('ant-tree-treenode-disabled');
    expect(node('市场部')).not.toHaveClass('ant-tree-treenode-disabled');
    expect(server.calls.some((c) => (c.params as { disableSubtreeOf?: number } | undefined)?.disableSubtreeOf === 1)).toBe(true);
    // A disabled node is not picked.
    await user.click(software);
    expect(within(dialog).getByDisplayValue('总部')).toBeInTheDocument();
  });

  it('deletes from the tree menu after 确认删除？ and reports a refusal', async () => {
    const { writes } = deptServer();
    const { user } = await open();
    await within(tree()).findByText('研发中心', {}, WAIT);
    await user.click(within(tree()).getByRole('button', { name: '市场部 操作' }));
    await user.click(await screen.findByRole('menuitem', { name: '删除' }, WAIT));
    expect((await screen.findAllByText('确认删除？', {}, WAIT)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('该部门下存在人员，无法删除', {}, WAIT)).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'DELETE', body: 4 }]);
  });

  it('batch deletes the selected sub-departments and lists the ones refused', async () => {
    const { writes } = deptServer();
    const { user } = await open();
    await user.click(await within(tree()).findByText('研发中心', {}, WAIT));
    await within(table()).findByText('测试部', {}, WAIT);
    for (const name of ['软件研发部', '测试部']) {
      const row = within(table()).getByText(name).closest('tr') as HTMLElement;
      await user.click(within(row).getByRole('checkbox'));
    }
    await user.click(within(table()).getByRole('button', { name: /批量删除/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }, WAIT));
    expect((await screen.findAllByText('已删除 1 个部门，1 个未能删除', {}, WAIT)).length).toBeGreaterThan(0);
    expect(screen.getByText('软件研发部：该部门下存在人员，无法删除')).toBeInTheDocument();
    expect(writes.map((w) => w.body)).toEqual([2, 3]);
    await waitFor(() => expect(within(table()).queryByText('测试部')).not.toBeInTheDocument(), WAIT);
  });

  it('is read-only without the buttons (a secadmin granted the screen)', async () => {
    deptServer();
    await open(secadmin);
    expect(await within(table()).findByText('市场部', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新\s*增|编\s*辑|删\s*除|批量删除/ })).not.toBeInTheDocument();
    expect(within(tree()).queryByRole('button', { name: '市场部 操作' })).not.toBeInTheDocument();
  });
});
