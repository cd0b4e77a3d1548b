// System management at scale: the user list with 10,000 users under 20 connections, and a 1,000-row import.
import { PGlite } from '@electric-sql/pglite';
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { ADMIN_PASSWORD, load, round, signIn, startServer } from './lib.mjs';

const USERS = 10_000;
const IMPORT_ROWS = 1_000;
const LICENSE = { LICENSE_USERS: '100000' };

/** Adds `n` ordinary users straight into the embedded database of a stopped server. */
async function addUsers(dataDir, n) {
  const db = new PGlite(join(dataDir, 'pgdata'));
  try {
    const [{ hash }] = (await db.query("SELECT password_hash AS hash FROM users WHERE username = 'staff'")).rows;
    const depts = (await db.query('SELECT id FROM departments ORDER BY id')).rows.map((r) => r.id);
    await db.query(
      `INSERT INTO users (username, full_name, dept_id, password_hash, clearance, mobile, email)
       SELECT 'bench' || g, '测试用户' || g, ($2::int[])[1 + g % array_length($2::int[], 1)], $1, 'internal',
              '138' || lpad(g::text, 8, '0'), 'bench' || g || '@example.com'
       FROM generate_series(1, ${n}) AS g`,
      [hash, depts],
    );
  } finally {
    await db.close();
  }
}

/** An xlsx of `n` new users in the import template's columns. */
async function importFile(n) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户');
  sheet.addRow(['用户名', '姓名', '部门', '手机', '座机', '邮箱', '职务']);
  for (let i = 1; i <= n; i++) {
    sheet.addRow([`import${i}`, `导入用户${i}`, '', `139${String(i).padStart(8, '0')}`, '', `import${i}@example.com`, '工程师']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function benchUsers() {
  const first = await startServer({ env: LICENSE });
  await first.stop({ keepData: true });
  await addUsers(first.dataDir, USERS);
  const s = await startServer({ dataDir: first.dataDir, env: LICENSE });
  try {
    const headers = { authorization: `Bearer ${await signIn(s.url, 'sysadmin', ADMIN_PASSWORD)}` };
    const firstPage = await load({ url: `${s.url}/api/sysMgr/users?page=1&limit=20`, headers, connections: 20, seconds: 5 });
    const filters = encodeURIComponent(JSON.stringify([{ filterName: 'fullName', operation: 'Like', filterValue: '用户12', expressType: 'string' }]));
    const filtered = await load({ url: `${s.url}/api/sysMgr/users?page=3&limit=20&filters=${filters}`, headers, connections: 20, seconds: 5 });

    const form = new FormData();
    form.append('file', new Blob([await importFile(IMPORT_ROWS)]), 'users.xlsx');
    const t0 = performance.now();
    const res = await fetch(`${s.url}/api/sysMgr/users/import`, { method: 'POST', headers, body: form });
    const importSeconds = (performance.now() - t0) / 1000;
    if (!res.ok) throw new Error(`import failed: ${res.status} ${await res.text()}`);
    return [
      { name: `user list, ${USERS} users, page 1: p95 (ms, 20 connections)`, value: firstPage.p95, budget: 30, unit: 'ms' },
      { name: `user list, ${USERS} users, filtered page 3: p95 (ms, 20 connections)`, value: filtered.p95, budget: 30, unit: 'ms' },
      { name: 'user list errors', value: firstPage.errors + filtered.errors, budget: 0, unit: '' },
      { name: `import of ${IMPORT_ROWS} users from xlsx (s)`, value: round(importSeconds, 2), budget: 10, unit: 's' },
    ];
  } finally {
    await s.stop();
  }
}
