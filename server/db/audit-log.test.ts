import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test-support/test-app';
import { writeAudit } from '../identity/audit';
import { auditLog } from './schema';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await openTestDatabase({ label: 'audit' });
});
afterAll(async () => {
  await tdb.database.close();
  await tdb.drop();
});

async function expectRefused(query: PromiseLike<unknown>, op: string) {
  const err = await Promise.resolve(query).then(() => null, (e: unknown) => e as Error & { cause?: Error });
  expect(err, `${op} must fail`).not.toBeNull();
  expect(String(err?.cause?.message ?? err?.message)).toContain(`audit_log is append-only (${op} refused)`);
}

describe('audit_log is append-only (D7)', () => {
  it('accepts inserts and refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const db = tdb.database.db;
    const actor = { id: -3, username: 'auditadmin', ip: '10.0.0.1', userAgent: 'test' };
    await writeAudit({ db, now: () => new Date('2030-01-01T00:00:00Z') }, { actor, action: 'login', result: 'success' });
    const [row] = await db.select().from(auditLog).where(eq(auditLog.actorUsername, 'auditadmin'));
    expect(row).toMatchObject({ action: 'login', result: 'success', ip: '10.0.0.1', at: new Date('2030-01-01T00:00:00Z') });
    await expectRefused(db.update(auditLog).set({ result: 'failure' }).where(eq(auditLog.id, row.id)), 'UPDATE');
    await expectRefused(db.delete(auditLog).where(eq(auditLog.id, row.id)), 'DELETE');
    await expectRefused(db.execute(sql`truncate audit_log`), 'TRUNCATE');
    const [still] = await db.select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(still.result).toBe('success');
  });
});
