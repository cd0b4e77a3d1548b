import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, ROLE_PATHS } from '../../contract/api';
import { buildApp, type App } from '../app';
import { createTestApp, openTestDatabase, type TestDatabase } from '../test-support/test-app';
import { bearer, signIn } from '../test-support/http';
import { migrateAndSeed } from './setup';
import type { SeedResult } from './seed';

describe('first start with generated passwords', () => {
  let tdb: TestDatabase;
  let seed: SeedResult;
  let firstRunFile: string | null;
  let app: App;
  beforeAll(async () => {
    tdb = await openTestDatabase({ kind: 'migrated', label: 'seed', config: { initialAdminPassword: null, demoPassword: null } });
    ({ seed, firstRunFile } = await migrateAndSeed(tdb.database, tdb.config));
    app = await buildApp({ config: tdb.config, db: tdb.database });
  });
  afterAll(async () => {
    await app.close();
    await tdb.database.close();
    await tdb.drop();
  });

  it('creates the three system accounts and the demo users with random passwords', () => {
    expect(seed.created).toBe(true);
    expect(seed.accounts.slice(0, 3).map((a) => a.username)).toEqual(['sysadmin', 'secadmin', 'auditadmin']);
    expect(seed.accounts.map((a) => a.username)).toEqual(expect.arrayContaining(['demo', 'staff']));
    const passwords = seed.accounts.map((a) => a.generatedPassword);
    for (const p of passwords) expect(p).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(new Set(passwords).size).toBe(passwords.length);
  });

  it('writes them to DATA_DIR/first-run.txt with mode 600', () => {
    expect(firstRunFile).toBe(path.join(tdb.config.dataDir, 'first-run.txt'));
    const stat = fs.statSync(firstRunFile as string);
    expect(stat.mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(firstRunFile as string, 'utf8');
    for (const a of seed.accounts) expect(text).toContain(`${a.username.padEnd(12)} ${a.generatedPassword}`);
  });

  it('has the system accounts at ids -1..-3 in the root department -2', async () => {
    const rows = await tdb.database.db.query.users.findMany({ where: (u, { lt }) => lt(u.id, 0) });
    expect(rows.map((u) => [u.id, u.username, u.fullName, u.deptId, u.system]).sort()).toEqual([
      [-1, 'sysadmin', '系统管理员', -2, true],
      [-2, 'secadmin', '安全保密管理员', -2, true],
      [-3, 'auditadmin', '安全审计员', -2, true],
    ].sort());
  });

  it('forces the change at first sign-in: 403 10011040 except on the allowed calls', async () => {
    const demo = seed.accounts.find((a) => a.username === 'demo')!;
    const token = await signIn(app, 'demo', demo.generatedPassword!);
    const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
    const refused = await get(ROLE_PATHS.options);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 10011040, message: '请先修改初始密码', results: null });
    for (const url of [AUTH_PATHS.userDetail, AUTH_PATHS.profile, AUTH_PATHS.myRoles, AUTH_PATHS.grades]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expect((await get(AUTH_PATHS.userDetail)).json().results.mustChangePassword).toBe(true);
    const validate = await app.inject({ method: 'POST', url: AUTH_PATHS.validate, headers: bearer(token), payload: { username: 'demo' } });
    expect(validate.json().results.mustChangePassword).toBe(true);
    const change = await app.inject({
      method: 'PUT', url: AUTH_PATHS.password, headers: bearer(token),
      payload: { oldPassword: demo.generatedPassword, newPassword: 'my own secret 2030' },
    });
    expect(change.statusCode).toBe(200);
    expect((await get(ROLE_PATHS.options)).statusCode).toBe(200);
    expect((await get(AUTH_PATHS.userDetail)).json().results.mustChangePassword).toBe(false);
  });

  it('is idempotent: a second start changes nothing and writes no file', async () => {
    fs.rmSync(firstRunFile as string);
    const again = await migrateAndSeed(tdb.database, tdb.config);
    expect(again).toEqual({ seed: { created: false, accounts: [] }, firstRunFile: null });
    expect(await tdb.database.db.$count((await import('./schema')).users)).toBe(8);
  });
});

describe('first start with operator-given passwords', () => {
  it('needs no password change and writes no first-run.txt', async () => {
    // The seeded template was made with INITIAL_ADMIN_PASSWORD and DEMO_PASSWORD set.
    const t = await createTestApp();
    try {
      const rows = await t.deps.db.query.users.findMany();
      expect(rows.length).toBe(8);
      expect(rows.every((u) => !u.mustChangePassword)).toBe(true);
      expect(fs.existsSync(path.join(t.config.dataDir, 'first-run.txt'))).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('SEED_DEMO=false creates only the system accounts', async () => {
    const tdb = await openTestDatabase({ kind: 'migrated', label: 'nodemo', config: { seedDemo: false } });
    try {
      const { seed, firstRunFile } = await migrateAndSeed(tdb.database, tdb.config);
      expect(seed.accounts.map((a) => [a.username, a.generatedPassword])).toEqual([
        ['sysadmin', null], ['secadmin', null], ['auditadmin', null],
      ]);
      expect(firstRunFile).toBeNull();
      const depts = await tdb.database.db.query.departments.findMany();
      expect(depts.map((d) => [d.id, d.name])).toEqual([[-2, '总部']]);
    } finally {
      await tdb.database.close();
      await tdb.drop();
    }
  });
});
