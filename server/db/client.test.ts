import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test-support/test-app';
import { openDatabase, PGLITE_SHARED_BUFFERS_MB } from './client';
import { users } from './schema';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await openTestDatabase({ label: 'client' });
});
afterAll(async () => {
  await tdb.database.close();
  await tdb.drop();
});

describe.skipIf(!!process.env.DATABASE_URL)('the embedded database client (D21)', () => {
  it('gives drizzle the same values without its parsers on every query, in and out of transactions', async () => {
    const spy = vi.spyOn(PGlite.prototype, 'query');
    try {
      const [demo] = await tdb.database.db.select().from(users).where(eq(users.username, 'demo'));
      expect(demo.createdAt).toBeInstanceOf(Date);
      const inTx = await tdb.database.db.transaction(async (tx) => {
        const [row] = await tx.select({ createdAt: users.createdAt }).from(users).where(eq(users.username, 'demo'));
        const interval = await tx.execute(sql`select interval '90 minutes' as i`);
        return { createdAt: row.createdAt, interval: (interval as { rows: { i: unknown }[] }).rows[0].i };
      });
      expect(inTx.createdAt.getTime()).toBe(demo.createdAt.getTime());
      expect(inTx.interval).toBe('01:30:00');
      const options = spy.mock.calls.map((call) => call[2]);
      expect(options.length).toBeGreaterThan(0);
      for (const o of options) expect(o?.parsers).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });

  it('answers alike once a statement runs under a name (D83): values of every kind, rows, errors', async () => {
    const db = tdb.database.db;
    const read = () => db.execute(sql`select ${1}::int as i, ${'文本'}::text as t, ${null}::text as n, ${sql.param([1, 2])}::int[] as a,
      '{"k":[1,"二"]}'::jsonb as j, 9007199254740993::bigint as b, '2026-11-26 10:00:00+00'::timestamptz as ts, true as f`);
    const selectDemo = () => db.select().from(users).where(eq(users.username, sql.placeholder('u'))).prepare('named_test').execute({ u: 'demo' });
    const plain = { read: await read(), demo: await selectDemo() };
    for (let run = 0; run < 5; run++) {
      expect(await read()).toEqual(plain.read);
      expect(await selectDemo()).toEqual(plain.demo);
    }
    expect(plain.demo[0].createdAt).toBeInstanceOf(Date);
    const named = await db.execute(sql`select name from pg_prepared_statements where name like 'kb\_%'`);
    expect((named as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(2);
    // A failing named statement throws PostgreSQL's error as before, and the next run works.
    const insert = (username: string) => db.insert(users).values({
      username, fullName: '重复', deptId: 1, passwordHash: 'x', clearance: 'public', createdAt: new Date(), updatedAt: new Date(),
    });
    for (let run = 0; run < 4; run++) {
      const error = await insert('demo').then(() => null, (err: unknown) => err);
      expect(JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as { cause?: unknown }).cause?.toString())).toMatch(/23505|duplicate key/);
    }
    expect((await selectDemo()).length).toBe(1);
  });

  it('runs with the configured buffer pool (PGLITE_SHARED_BUFFERS_MB, 32 MB by default: D82)', async () => {
    const shown = await tdb.database.db.execute(sql`show shared_buffers`);
    expect((shown as unknown as { rows: { shared_buffers: string }[] }).rows[0].shared_buffers).toBe(`${PGLITE_SHARED_BUFFERS_MB}MB`);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kb-sb-'));
    const other = await openDatabase({ dataDir, databaseUrl: null, pgliteSharedBuffersMb: 8 });
    try {
      const small = await other.db.execute(sql`show shared_buffers`);
      expect((small as unknown as { rows: { shared_buffers: string }[] }).rows[0].shared_buffers).toBe('8MB');
    } finally {
      await other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('still passes parsers it does not know as they are', async () => {
    const client = (tdb.database.db as unknown as { $client: PGlite }).$client;
    const res = await client.query<{ n: unknown }>('select 41::int4 as n', [], { parsers: { 23: (v: string) => Number(v) + 1 } });
    expect(res.rows[0].n).toBe(42);
    expect(typeof client.dumpDataDir).toBe('function');
  });
});
