// Statements hold a bounded number of sessions on the company database: per connection and per user, the surplus
// waits in line for DB_CHAT_QUEUE_MS and then gets 429 with a Chinese message naming the limit; a place freed in
// time is taken by the next in line (D87). Real PostgreSQL and MariaDB, statements cut by the database's timeout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_PATHS } from '../../../contract/api';
import { parseOutboundAllow, type OutboundRule } from '../../config-outbound';
import { createMyDatabase, createPgDatabase, externalOrSkip, type ExternalDb } from '../../test-support/external-dbs';
import { bearer, signIn } from '../../test-support/http';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
let pgDb: ExternalDb | null = null;
let myDb: ExternalDb | null = null;
let token = '';
const SLOW = 'SELECT count(*) AS n FROM orders a, orders b, orders c';
const TIMEOUT_MS = 2500;

beforeAll(async () => {
  [pgDb, myDb] = await Promise.all([externalOrSkip(createPgDatabase, 'PostgreSQL'), externalOrSkip(createMyDatabase, 'MariaDB')]);
  t = await createTestApp({ config: { outboundAllow: parseOutboundAllow('127.0.0.1') as OutboundRule, dbChatTimeoutMs: TIMEOUT_MS } });
  token = await signIn(t.app, 'zhangwei', TEST_DEMO_PASSWORD);
  for (const db of [pgDb, myDb]) {
    if (!db) continue;
    const added = await t.app.inject({
      method: 'POST', url: DB_PATHS.add, headers: bearer(token),
      payload: { db_type: db.kind, db_name: db.database, db_host: db.host, db_port: db.port, db_user: db.user, db_pwd: db.password, comment: '并发测试' },
    });
    expect(added.json(), added.body).toMatchObject({ success: true });
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
  await pgDb?.drop();
  await myDb?.drop();
});

/** One editor call, with how long it took. */
async function run(db: ExternalDb, sql: string) {
  const started = Date.now();
  const res = await t.app.inject({ method: 'POST', url: DB_PATHS.sqlRun, headers: bearer(token), payload: { db_name: db.database, sql } });
  return { status: res.statusCode, body: res.json(), ms: Date.now() - started };
}

const limitsOf = (maxSessions: number, perUser: number, queueMs: number) => {
  t.config.dbChatMaxSessions = maxSessions;
  t.config.dbChatMaxPerUser = perUser;
  t.config.dbChatQueueMs = queueMs;
};

describe('concurrent statements', () => {
  it('twelve parallel calls hold at most the connection\'s sessions; the surplus gets 429 after waiting', async (ctx) => {
    if (!pgDb) return ctx.skip();
    limitsOf(3, 100, 600);
    let most = 0;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const [{ n }] = await pgDb!.admin(`select count(*)::int n from pg_stat_activity where usename = '${pgDb!.user}'`) as { n: number }[];
        most = Math.max(most, n);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const calls = await Promise.all(Array.from({ length: 12 }, () => run(pgDb!, SLOW)));
    polling = false;
    await poll;
    const busy = calls.filter((c) => c.status === 429);
    expect(calls.filter((c) => c.status !== 429).map((c) => c.body.err_msg)).toEqual(Array(3).fill('查询超时，已被数据库终止'));
    expect(busy).toHaveLength(9);
    for (const c of busy) {
      expect(c.body).toMatchObject({ success: false, err_msg: `数据库「${pgDb.database}」同时执行的查询已达上限（3 条），请稍后再试` });
      expect(c.ms).toBeGreaterThanOrEqual(550);
      expect(c.ms).toBeLessThan(TIMEOUT_MS);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(3);
  }, 60_000);

  it('a user\'s statements over all connections are limited too', async (ctx) => {
    if (!pgDb || !myDb) return ctx.skip();
    limitsOf(10, 2, 600);
    const calls = await Promise.all([run(pgDb, SLOW), run(myDb, SLOW), run(pgDb, SLOW)]);
    const busy = calls.filter((c) => c.status === 429);
    expect(busy).toHaveLength(1);
    expect(busy[0].body).toMatchObject({ success: false, err_msg: '您同时执行的数据库查询已达上限（2 条），请等当前查询结束后再试' });
    expect(busy[0].ms).toBeGreaterThanOrEqual(550);
  }, 60_000);

  it('a statement over the limit runs when a place frees up within the wait', async (ctx) => {
    if (!pgDb || !myDb) return ctx.skip();
    limitsOf(1, 1, 10_000);
    for (const db of [pgDb, myDb]) {
      const calls = await Promise.all(Array.from({ length: 4 }, () => run(db, 'SELECT count(*) AS n FROM orders')));
      expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200]);
      expect(calls.every((c) => c.body.success)).toBe(true);
    }
  }, 60_000);
});
