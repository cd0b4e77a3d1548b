import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbConnection } from '../../../contract/api';
import { AUTH_PATHS, DB_PATHS, ROLE_PATHS } from '../../../contract/api/runtime';
import { installFakeServer, type FakeHandler, type FakeReply } from '../../test/fake-adapter';
import { aiFail, aiOk, bodyOf, LOAD, ok, userDetail } from '../../test/factories';
import { renderSignedIn } from '../../test/render-app';
import { bodyOf as formBody } from './ConnectionFormDialog';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const manager = userDetail({
  allFunc: ['/sqlBase', '/chatWindow'],
  allBtn: { '/sqlBase#add': true, '/sqlBase#edit': true, '/sqlBase#delete': true, '/sqlBase#test': true },
});
const tester = userDetail({ allFunc: ['/sqlBase', '/chatWindow'], allBtn: { '/sqlBase#test': true } });

const CONNECTION: DbConnection = {
  id: 1, db_type: 'mysql', db_name: 'shop', db_path: '', db_host: '10.0.0.5', db_port: '3306', db_user: 'reader', comment: '销售库',
  has_password: true, secrecy: 'internal', secrecy_name: '内部', review_role: '', review_role_names: [], allowed_tables: 'orders,customers', open_to_all: false, sample_rows: false,
  owner: 'demo', gmt_created: '2030-01-01T00:00:00.000Z', gmt_modified: '2030-01-02T00:00:00.000Z',
};

function serve(list: DbConnection[], extra: Record<string, FakeHandler | FakeReply> = {}, who = manager) {
  const server = installFakeServer({
    [`GET ${AUTH_PATHS.userDetail}`]: ok(who),
    [`GET ${AUTH_PATHS.grades}`]: ok({ allowed: ['public', 'internal'], lowest: 'public', map: {}, list: [{ code: 'public', text: '公开', rank: 10 }, { code: 'internal', text: '内部', rank: 20 }] }),
    [`GET ${ROLE_PATHS.options}`]: ok([{ id: 5, name: '研发人员' }]),
    [`GET ${DB_PATHS.list}`]: aiOk(list),
    ...extra,
  });
  restore = server.restore;
  return server;
}

describe('数据库 (/sqlBase)', { timeout: 120_000 }, () => {
  it('explains what a connection is for when there is none, and offers to add one only with the button', async () => {
    serve([], {}, tester);
    renderSignedIn('/sqlBase', tester);
    expect(await screen.findByText(/还没有可用的数据库连接/, {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/请联系有权限的人员添加连接/)).toBeInTheDocument();
    expect(screen.queryByTestId('sqlbase-empty-add')).not.toBeInTheDocument();
  });

  it('lists connections without any password, and tests and edits one keeping the stored password', async () => {
    const server = serve([CONNECTION], {
      [`POST ${DB_PATHS.testConnect}`]: aiOk({ can_write: false, tables: 2, message: '连接成功，可访问 2 张表；该账号为只读账号' }),
      [`POST ${DB_PATHS.edit}`]: aiOk(true),
    });
    const { user } = renderSignedIn('/sqlBase', manager);
    const page = await screen.findByTestId('sqlbase-page', {}, LOAD);
    await within(page).findByText('shop', {}, LOAD);
    expect(page).toHaveTextContent('reader@10.0.0.5:3306');
    expect(page).toHaveTextContent('orders,customers');
    await user.click(within(page).getAllByRole('button', { name: /编\s*辑/ })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('数据库名称')).toBeDisabled();
    expect(within(dialog).getByLabelText('密码')).toHaveValue('');
    await user.click(within(dialog).getByTestId('db-test'));
    expect(await within(dialog).findByText('连接成功，可访问 2 张表；该账号为只读账号')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.calls.some((c) => c.url === DB_PATHS.edit)).toBe(true));
    const sent = bodyOf(server.calls.find((c) => c.url === DB_PATHS.edit)!);
    expect(sent).toMatchObject({ db_type: 'mysql', db_name: 'shop', db_host: '10.0.0.5', db_port: 3306, db_user: 'reader', db_pwd: '', allowed_tables: 'orders,customers' });
  });

  it('shows a failed test in Chinese beside the button', async () => {
    serve([CONNECTION], { [`POST ${DB_PATHS.testConnect}`]: aiFail(400, '连接失败：用户名或密码错误') });
    const { user } = renderSignedIn('/sqlBase', manager);
    const page = await screen.findByTestId('sqlbase-page', {}, LOAD);
    await within(page).findByText('shop', {}, LOAD);
    await user.click(within(page).getAllByRole('button', { name: /编\s*辑/ })[0]);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('db-test'));
    expect(await within(dialog).findByText('连接失败：用户名或密码错误')).toBeInTheDocument();
  });

  it('sends DB-GPT field names and review roles as the server takes them', () => {
    expect(formBody({
      db_type: 'mysql', db_name: ' shop ', db_host: ' 10.0.0.5 ', db_port: 3306, db_user: ' reader ', secrecy: 'internal',
      review_role: ['-2'], allowed_tables: ' orders,customers ', comment: undefined,
    })).toEqual({
      db_type: 'mysql', db_name: 'shop', db_host: '10.0.0.5', db_port: 3306, db_user: 'reader', db_pwd: '', comment: '', secrecy: 'internal',
      review_role: '-2', allowed_tables: 'orders,customers', sample_rows: false,
    });
  });

  it('asks a file type for its path instead of host, port, account and password, and offers only the types the server supports', async () => {
    const server = serve([], {
      [`GET ${DB_PATHS.supportType}`]: aiOk([{ db_type: 'postgresql', is_file_db: false }, { db_type: 'mysql', is_file_db: false }, { db_type: 'sqlite', is_file_db: true }]),
      [`POST ${DB_PATHS.add}`]: aiOk(true),
    });
    const { user } = renderSignedIn('/sqlBase', manager);
    await user.click(await screen.findByTestId('sqlbase-empty-add', {}, LOAD));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('主机')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('数据库类型'));
    await waitFor(() => expect(screen.getAllByText('SQLite（数据库文件）').length).toBeGreaterThan(0));
    expect(screen.queryByText('DuckDB（数据库文件）')).not.toBeInTheDocument();
    await user.click(screen.getAllByText('SQLite（数据库文件）').at(-1)!);
    expect(await within(dialog).findByLabelText('数据库文件')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('主机')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('密码')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('数据库名称'), 'sales');
    await user.type(within(dialog).getByLabelText('数据库文件'), 'sales.sqlite');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.calls.some((c) => c.url === DB_PATHS.add)).toBe(true));
    const sent = bodyOf(server.calls.find((c) => c.url === DB_PATHS.add)!);
    expect(sent).toMatchObject({ db_type: 'sqlite', db_name: 'sales', db_path: 'sales.sqlite' });
    expect(sent).not.toHaveProperty('db_host');
    expect(sent).not.toHaveProperty('db_pwd');
  });

  it('shows the update time to the second, as the server answers it (spec §9)', async () => {
    serve([{ ...CONNECTION, gmt_created: '2030-01-01 08:00:00', gmt_modified: '2030-01-02 09:05:07' }]);
    renderSignedIn('/sqlBase', manager);
    const page = await screen.findByTestId('sqlbase-page', {}, LOAD);
    const row = (await within(page).findByText('shop', {}, LOAD)).closest('tr')!;
    expect(within(row).getByText('2030-01-02 09:05:07')).toBeInTheDocument();
  });

  it('shows a file connection by its path', async () => {
    serve([{ ...CONNECTION, db_type: 'duckdb', db_name: 'sales', db_host: '', db_port: '0', db_user: '', db_path: 'sales.duckdb', has_password: false }]);
    renderSignedIn('/sqlBase', manager);
    const page = await screen.findByTestId('sqlbase-page', {}, LOAD);
    await within(page).findByText('sales', {}, LOAD);
    expect(page).toHaveTextContent('文件：sales.duckdb');
    expect(page).toHaveTextContent('DuckDB');
  });
});
