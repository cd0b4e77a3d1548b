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
