import { describe, expect, it, vi } from 'vitest';
import { DB_PATHS } from '../../../contract/api/runtime';
import { SQL_RUN_STREAM_TYPE } from '../../../contract/api/sqlbase-limits';
import { runSqlStream, type SqlRunProgress } from './run-sql-stream';

/** A fetch answering `text` split into pieces of `size` bytes (frames cut anywhere, even inside a character). */
function fetchOf(text: string, init: { status?: number; type?: string; size?: number } = {}) {
  const bytes = new TextEncoder().encode(text);
  const size = init.size ?? 7;
  return vi.fn(async (_url: string | URL | Request, _request?: RequestInit) => new Response(new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  }), { status: init.status ?? 200, headers: { 'content-type': init.type ?? `${SQL_RUN_STREAM_TYPE}; charset=utf-8` } }));
}

const lines = (...frames: object[]) => frames.map((f) => `${JSON.stringify(f)}\n`).join('');

describe('runSqlStream', () => {
  it('asks for the row stream and hands on the rows received so far, batch by batch', async () => {
    const fetchImpl = fetchOf(lines(
      { type: 'columns', columns: ['地区', 'n'] },
      { type: 'rows', rows: [{ 地区: '华东', n: 1 }] },
      { type: 'rows', rows: [{ 地区: '华北', n: 2 }, { 地区: '西部', n: 3 }] },
      { type: 'end', sql: 'SELECT 1', rows: 3, truncated: true, duration_ms: 12 },
    ));
    const seen: SqlRunProgress[] = [];
    const done = await runSqlStream({ db_name: 'shop', sql: 'SELECT 1' }, { onRows: (p) => seen.push(p), fetchImpl: fetchImpl as unknown as typeof fetch });
    expect(seen.map((p) => p.rows.length)).toEqual([1, 3]);
    expect(seen[0].columns).toEqual(['地区', 'n']);
    expect(done).toEqual({ columns: ['地区', 'n'], rows: [{ 地区: '华东', n: 1 }, { 地区: '华北', n: 2 }, { 地区: '西部', n: 3 }], sql: 'SELECT 1', truncated: true, durationMs: 12 });
    const [url, request] = fetchImpl.mock.calls[0];
    expect(String(url)).toContain(DB_PATHS.sqlRun);
    expect((request?.headers as Record<string, string>).Accept).toBe(SQL_RUN_STREAM_TYPE);
  });

  it('rejects with the server message: a JSON refusal before any row, or an error frame after some', async () => {
    const refused = fetchOf(JSON.stringify({ success: false, err_code: 'E400', err_msg: '查询被拒绝：只允许只读查询（SELECT）。该查询未执行', data: null }),
      { status: 400, type: 'application/json' });
    await expect(runSqlStream({ db_name: 'shop', sql: 'DELETE FROM orders' }, { onRows: () => undefined, fetchImpl: refused as unknown as typeof fetch }))
      .rejects.toThrow('查询被拒绝：只允许只读查询（SELECT）。该查询未执行');
    const broken = fetchOf(lines({ type: 'columns', columns: ['x'] }, { type: 'rows', rows: [{ x: 1 }] }, { type: 'error', message: '查询超时，已被数据库终止' }));
    const seen: number[] = [];
    await expect(runSqlStream({ db_name: 'shop', sql: 'SELECT x' }, { onRows: (p) => seen.push(p.rows.length), fetchImpl: broken as unknown as typeof fetch }))
      .rejects.toThrow('查询超时，已被数据库终止');
    expect(seen).toEqual([1]);
    const cut = fetchOf(lines({ type: 'columns', columns: ['x'] }, { type: 'rows', rows: [{ x: 1 }] }));
    await expect(runSqlStream({ db_name: 'shop', sql: 'SELECT x' }, { onRows: () => undefined, fetchImpl: cut as unknown as typeof fetch })).rejects.toThrow('后端接口连接异常');
  });
});
