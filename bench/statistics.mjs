// 统计 at scale (issue 17): the usage figures for a 90-day range over 1,000,000 audit entries, goal ≤ 500 ms.
import { PGlite } from '@electric-sql/pglite';
import { join } from 'node:path';
import { ADMIN_PASSWORD, round, signIn, startServer } from './lib.mjs';

const ROWS = 1_000_000;
const RUNS = 5;

/** Adds `n` audit entries over the last 365 days, straight into the embedded database of a stopped server. */
async function addAuditRows(dataDir, n) {
  const db = new PGlite(join(dataDir, 'pgdata'));
  try {
    const users = (await db.query("SELECT id, username FROM users WHERE id > 0 ORDER BY id")).rows;
    const actions = ['login', 'logout', 'doc-upload', 'dialogue-delete', 'chat-file-upload', 'space-update', 'user-update'];
    await db.query(
      `INSERT INTO audit_log (at, actor_id, actor_username, action, result)
       SELECT now() - (g * (365 * 86400.0 / $3)) * interval '1 second',
              ($1::int[])[1 + g % array_length($1::int[], 1)], ($2::text[])[1 + g % array_length($2::text[], 1)],
              ($4::text[])[1 + (g / 7) % array_length($4::text[], 1)], CASE WHEN g % 50 = 0 THEN 'failure' ELSE 'success' END
       FROM generate_series(1, $3) AS g`,
      [users.map((u) => u.id), users.map((u) => u.username), n, actions],
    );
    await db.query('ANALYZE audit_log');
  } finally {
    await db.close();
  }
}

const day = (d) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

export async function benchStatistics() {
  const first = await startServer();
  await first.stop({ keepData: true });
  await addAuditRows(first.dataDir, ROWS);
  const s = await startServer({ dataDir: first.dataDir });
  try {
    const headers = { authorization: `Bearer ${await signIn(s.url, 'auditadmin', ADMIN_PASSWORD)}` };
    const now = new Date();
    const q = `startDate=${day(new Date(now.getTime() - 89 * 86_400_000))}&endDate=${day(now)}`;
    const times = [];
    for (let i = 0; i <= RUNS; i++) {
      const t0 = performance.now();
      const res = await fetch(`${s.url}/api/sysMgr/statistics/audit?${q}`, { headers });
      if (!res.ok) throw new Error(`statistics failed: ${res.status} ${await res.text()}`);
      await res.json();
      if (i > 0) times.push(performance.now() - t0); // the first warms the plan and the cache
    }
    times.sort((a, b) => a - b);
    return [
      { name: `统计, 90 days of ${ROWS.toLocaleString('en')} audit entries: median (ms, ${RUNS} runs)`, value: round(times[Math.floor(RUNS / 2)], 0), budget: 500, unit: 'ms' },
    ];
  } finally {
    await s.stop();
  }
}
