import { inArray } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import type { ImportedUser, ImportResult, ImportRowReport } from '../../../contract/api';
import { ROOT_DEPT_ID } from '../../../contract/api/identity-ids';
import { userFieldProblems } from '../../../contract/api/sys-mgr/user-rules';
import { users } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest } from '../../http-error';
import { generatePassword } from '../../passwords/hash';
import { deptResolver } from './dept-paths';
import type { SheetRow } from './import-sheet';
import { assertLicenceValid, freeSeats, reserveSeats } from './licence';
import { lowestGrade } from './user-service';

/** A checked row: its report, and what to insert when it has no problems. */
type CheckedRow = { report: ImportRowReport; sheet: SheetRow; deptId: number | null };

/**
 * Imported users get a random 16-character password (about 93 bits) that must be changed at the first
 * sign-in, where it is also rehashed at full strength (needsRehash). Memory-hard stretching protects
 * guessable human passwords, not random ones, so these are hashed with light argon2id parameters:
 * 1,000 rows then cost about a second instead of twenty on two cores.
 */
const ONE_TIME_ARGON2 = { memoryCost: 4096, timeCost: 1, parallelism: 1 } as const;
const HASH_CONCURRENCY = 8;

async function hashAll(passwords: string[]): Promise<string[]> {
  const out: string[] = new Array(passwords.length);
  let next = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const i = next++;
      out[i] = await hash(passwords[i], ONE_TIME_ARGON2);
    }
  };
  await Promise.all(Array.from({ length: Math.min(HASH_CONCURRENCY, passwords.length) }, worker));
  return out;
}

/** Checks every row (required fields, patterns, duplicates in the file and the database, department, licence). */
export async function checkRows(deps: Deps, rows: SheetRow[]): Promise<CheckedRow[]> {
  assertLicenceValid(deps, '导入用户');
  const resolve = await deptResolver(deps);
  const names = [...new Set(rows.map((r) => r.username).filter(Boolean))];
  const existing = new Set<string>();
  for (let i = 0; i < names.length; i += 1000) {
    const found = await deps.db.select({ username: users.username }).from(users).where(inArray(users.username, names.slice(i, i + 1000)));
    for (const f of found) existing.add(f.username);
  }
  const seen = new Map<string, number[]>();
  for (const r of rows) if (r.username) seen.set(r.username, [...(seen.get(r.username) ?? []), r.row]);

  const checked = rows.map((r): CheckedRow => {
    const problems = userFieldProblems(r);
    let deptId: number | null = null;
    // An empty department puts the user in the root department (the organisation itself).
    if (!r.deptPath) deptId = ROOT_DEPT_ID;
    else {
      const found = resolve(r.deptPath);
      if ('id' in found) deptId = found.id;
      else problems.push(found.problem);
    }
    const same = seen.get(r.username) ?? [];
    if (same.length > 1) problems.push(`用户名在文件中重复（第 ${same.join('、')} 行）`);
    if (existing.has(r.username)) problems.push(`用户名 ${r.username} 已存在`);
    return { report: { row: r.row, username: r.username, fullName: r.fullName, deptPath: r.deptPath, problems }, sheet: r, deptId };
  });
  // Licence: rows beyond the free seats are refused (in sheet order), so the admin sees which ones.
  const free = await freeSeats(deps);
  let taken = 0;
  for (const c of checked) {
    if (c.report.problems.length) continue;
    taken += 1;
    if (taken > free) c.report.problems.push(`超出许可用户数（剩余 ${free} 个名额）`);
  }
  return checked;
}

/** The report of checked rows. */
export function summarise(checked: CheckedRow[], dryRun: boolean, created: ImportedUser[] = []): ImportResult {
  const invalid = checked.filter((c) => c.report.problems.length > 0).length;
  return { dryRun, total: checked.length, valid: checked.length - invalid, invalid, rows: checked.map((c) => c.report), created };
}

/** Writes every row in one transaction (all or nothing); answers the users with their one-time passwords. */
export async function importRows(deps: Deps, checked: CheckedRow[]): Promise<ImportedUser[]> {
  if (checked.some((c) => c.report.problems.length > 0 || c.deptId === null)) throw badRequest('存在有问题的行，未导入');
  const passwords = checked.map(() => generatePassword());
  const hashes = await hashAll(passwords);
  const clearance = await lowestGrade(deps);
  const now = deps.now();
  const inserted = await deps.db.transaction(async (tx) => {
    await reserveSeats(tx, deps, checked.length, '导入用户');
    const out: { id: number; username: string; fullName: string }[] = [];
    for (let i = 0; i < checked.length; i += 500) {
      const chunk = checked.slice(i, i + 500).map((c, j) => ({
        username: c.sheet.username,
        fullName: c.sheet.fullName,
        deptId: c.deptId as number,
        mobile: c.sheet.mobile,
        phone: c.sheet.phone,
        email: c.sheet.email,
        position: c.sheet.position,
        passwordHash: hashes[i + j],
        mustChangePassword: true,
        clearance,
        createdAt: now,
        updatedAt: now,
      }));
      const rows = await tx
        .insert(users)
        .values(chunk)
        .onConflictDoNothing({ target: users.username })
        .returning({ id: users.id, username: users.username, fullName: users.fullName });
      // A name taken since the check (another admin): abandon everything.
      if (rows.length !== chunk.length) throw badRequest('导入期间有用户名被占用，未导入任何用户，请重新检查后再导入');
      out.push(...rows);
    }
    return out;
  });
  const byName = new Map(checked.map((c, i) => [c.sheet.username, passwords[i]]));
  return inserted.map((u) => ({ ...u, password: byName.get(u.username) as string }));
}
