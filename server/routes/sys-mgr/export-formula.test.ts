// Every management export is written by the one safe writer (issue 26 item 9, D89): text planted through a sign-in
// name, a User-Agent, an error summary or a document's failure reason that a spreadsheet could read as a formula
// (= + - @) comes out as text with a leading apostrophe, in the audit-log, error-log and statistics exports alike.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_LOG_PATHS, LOG_PATHS, STATISTICS_PATHS } from '../../../contract/api';
import { knowledgeDocuments, knowledgeSpaces, users } from '../../db/schema';
import { recordError } from '../../errors/error-log';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, signIn } from '../../test-support/http';
import { TEST_ADMIN_PASSWORD } from '../../test-support/test-config';

const PLANTED = '=HYPERLINK("http://evil.example/x","点此查看")';
let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['auditadmin', 'sysadmin']) tokens[u] = await signIn(t.app, u, TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

/** Every text cell of every sheet of an xlsx answer. */
async function textCells(payload: Buffer): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const out: string[] = [];
  for (const sheet of book.worksheets) sheet.eachRow((row) => row.eachCell((cell) => {
    if (typeof cell.value === 'string') out.push(cell.value);
  }));
  return out;
}

const unsafe = (cells: string[]) => cells.filter((c) => /^[=+\-@]/.test(c));

describe('exports go through the formula guard', () => {
  it('the audit-log export writes a planted sign-in name and User-Agent as text', async () => {
    // A failed sign-in under a formula name, as the sign-in route records it, and an audited call with a formula UA.
    await t.deps.db.execute(sql`INSERT INTO audit_log (at, actor_username, action, result, user_agent)
      VALUES (now(), ${PLANTED}, 'login', 'failure', '')`);
    const first = await t.app.inject({ method: 'GET', url: LOG_PATHS.export, headers: { ...bearer(tokens.auditadmin), 'user-agent': '@SUM(1+1)*cmd' } });
    expect(first.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: LOG_PATHS.export, headers: bearer(tokens.auditadmin) });
    const cells = await textCells(res.rawPayload);
    expect(cells).toContain(`'${PLANTED}`);
    expect(cells).toContain(`'@SUM(1+1)*cmd`);
    expect(unsafe(cells)).toEqual([]);
  });

  it('the error-log export writes a planted summary and user name as text', async () => {
    await recordError(t.deps, { kind: 'http', summary: PLANTED, detail: '', username: '+cmd|calc' });
    const res = await t.app.inject({ method: 'GET', url: ERROR_LOG_PATHS.export, headers: bearer(tokens.sysadmin) });
    expect(res.statusCode, res.body).toBe(200);
    const cells = await textCells(res.rawPayload);
    expect(cells).toContain(`'${PLANTED}`);
    expect(unsafe(cells)).toEqual([]);
  });

  it('the statistics export writes a planted failure reason as text', async () => {
    const now = t.clock.now();
    const [owner] = await t.deps.db.select({ id: users.id }).from(users).where(sql`${users.username} = 'demo'`);
    const [space] = await t.deps.db.insert(knowledgeSpaces).values({ name: '导出检查', ownerId: owner.id, createdAt: now, updatedAt: now }).returning();
    await t.deps.db.insert(knowledgeDocuments).values({
      spaceId: space.id, docName: 'x.pdf', contentType: 'application/pdf', filePath: 'x/x.pdf', size: 1, sha256: 'x', secrecy: 'public',
      ownerId: owner.id, status: 'FAILED', result: `-${PLANTED}`, chunkCount: 0, createdAt: now, updatedAt: now,
    });
    const day = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const res = await t.app.inject({ method: 'GET', url: `${STATISTICS_PATHS.export}?startDate=${day}&endDate=${day}`, headers: bearer(tokens.auditadmin) });
    expect(res.statusCode, res.body).toBe(200);
    const cells = await textCells(res.rawPayload);
    expect(cells).toContain(`'-${PLANTED}`);
    expect(unsafe(cells)).toEqual([]);
  });
});
