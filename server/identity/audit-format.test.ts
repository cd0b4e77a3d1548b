import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../test-support/test-app';
import { auditTime, gradeChange, gradeText, roleNames } from './audit-format';

// D28: what users read in audit details is Chinese and formatted: grade and role names, times as YYYY-MM-DD HH:mm:ss.
let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await openTestDatabase({ label: 'audit-format' });
});
afterAll(async () => tdb?.drop().finally(() => tdb.database.close()));

describe('audit details', () => {
  it('write times as YYYY-MM-DD HH:mm:ss in China Standard Time, never ISO', () => {
    expect(auditTime(new Date('2026-11-25T10:38:22.351Z'))).toBe('2026-11-25 18:38:22');
    expect(auditTime(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01 04:00:00');
  });

  it('name grades and grade changes', async () => {
    const deps = { db: tdb.database.db };
    expect(await gradeChange(deps, 'public', 'internal')).toBe('公开 → 内部');
    expect(await gradeText(deps, 'confidential')).toBe('机密');
    expect(await gradeChange(deps, 'gone', 'secret')).toBe('gone → 秘密');
  });

  it('name roles', async () => {
    const deps = { db: tdb.database.db };
    const all = await tdb.database.db.select().from(roles);
    const two = all.filter((r) => ['市场人员', '研发人员'].includes(r.name)).sort((a, b) => a.id - b.id);
    expect(await roleNames(deps, two.map((r) => r.id))).toBe(two.map((r) => r.name).join('、'));
    expect(await roleNames(deps, [])).toBe('无');
  });
});
