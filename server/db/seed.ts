import { eq } from 'drizzle-orm';
import { ROOT_DEPT_ID } from '../../contract/api/identity';
import { hashPassword, generatePassword } from '../passwords/hash';
import type { Db } from './client';
import {
  departments, functionButtons, functions, roleButtons, roleFunctions, roles, secrecyGrades, userRoles, users,
} from './schema';
import { DEMO_DEPARTMENTS, DEMO_ROLES, DEMO_USERS } from './seed-demo';
import { seedDictionaries, seedState } from './seed-dicts';
import { SEED_FUNCTIONS, SYSTEM_ROLES, type SeedGrants } from './seed-functions';
import { DEFAULT_GRADES, ROOT_DEPT_NAME, SYSTEM_ACCOUNTS } from './seed-grades';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An account created at first start; `password` is set only when it was generated. */
export type SeededAccount = { username: string; fullName: string; system: boolean; generatedPassword: string | null };

/** What the first start did; `created` is false when the database was already set up. */
export type SeedResult = { created: boolean; accounts: SeededAccount[] };

export type SeedOptions = {
  initialAdminPassword: string | null;
  seedDemo: boolean;
  demoPassword: string | null;
  now: Date;
};

/** A password for a new account: the operator's (no change needed) or a generated one (must change). */
async function credential(given: string | null) {
  const generated = given ? null : generatePassword();
  return { generated, hash: await hashPassword(given ?? (generated as string)), mustChange: given === null };
}

async function grant(tx: Tx, roleId: number, grants: SeedGrants, funcIds: Map<string, number>) {
  for (const [path, buttons] of Object.entries(grants)) {
    const functionId = funcIds.get(path);
    if (functionId === undefined) throw new Error(`seed: unknown function ${path}`);
    await tx.insert(roleFunctions).values({ roleId, functionId });
    const rows = await tx.select().from(functionButtons).where(eq(functionButtons.functionId, functionId));
    const chosen = rows.filter((b) => buttons === '*' || buttons.includes(b.code));
    if (chosen.length > 0) await tx.insert(roleButtons).values(chosen.map((b) => ({ roleId, buttonId: b.id })));
  }
}

async function seedFunctions(tx: Tx): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [sort, f] of SEED_FUNCTIONS.entries()) {
    const [row] = await tx
      .insert(functions)
      .values({ name: f.name, path: f.path, icon: f.icon, type: f.type, sort, hidden: f.hidden ?? false, parentId: f.parent ? ids.get(f.parent) : null })
      .returning({ id: functions.id });
    ids.set(f.path, row.id);
    const buttons = Object.entries(f.buttons ?? {});
    if (buttons.length > 0) {
      await tx.insert(functionButtons).values(buttons.map(([code, name], i) => ({ functionId: row.id, code, name, sort: i })));
    }
  }
  return ids;
}

/**
 * First start on an empty database: grades, root department, function points, the three system
 * accounts with their duty roles, and (unless disabled) a demo organisation. Idempotent: does
 * nothing when the system accounts exist. Runs in one transaction.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  // Dictionaries and the tbom tree have their own idempotent check, so existing databases get them too.
  const state = await seedState(db);
  await seedDictionaries(db, state);
  if (state.systemSeeded) return { created: false, accounts: [] };
  // Hash outside the transaction, in parallel on the libuv pool.
  const adminCreds = await Promise.all(SYSTEM_ACCOUNTS.map(() => credential(options.initialAdminPassword)));
  const demoCreds = options.seedDemo ? await Promise.all(DEMO_USERS.map(() => credential(options.demoPassword))) : [];
  const stamp = { createdAt: options.now, updatedAt: options.now };
  const accounts: SeededAccount[] = [];
  await db.transaction(async (tx) => {
    await tx.insert(secrecyGrades).values([...DEFAULT_GRADES]);
    await tx.insert(departments).values({ id: ROOT_DEPT_ID, name: ROOT_DEPT_NAME, parentId: null, ...stamp });
    const funcIds = await seedFunctions(tx);
    for (const [i, account] of SYSTEM_ACCOUNTS.entries()) {
      const cred = adminCreds[i];
      await tx.insert(users).values({
        ...account, deptId: ROOT_DEPT_ID, passwordHash: cred.hash, mustChangePassword: cred.mustChange,
        // System management carries the 机密 label (spec §2): its accounts hold the highest grade (D28).
        system: true, clearance: DEFAULT_GRADES[DEFAULT_GRADES.length - 1].code, ...stamp,
      });
      accounts.push({ username: account.username, fullName: account.fullName, system: true, generatedPassword: cred.generated });
      const role = SYSTEM_ROLES.find((r) => r.userId === account.id);
      if (!role) continue;
      const [row] = await tx.insert(roles).values({ name: role.name, description: role.description, system: true, ...stamp }).returning({ id: roles.id });
      await tx.insert(userRoles).values({ userId: account.id, roleId: row.id });
      await grant(tx, row.id, role.grants, funcIds);
    }
    if (!options.seedDemo) return;
    const deptIds = new Map<string, number>();
    for (const [sort, d] of DEMO_DEPARTMENTS.entries()) {
      const parentId = d.parent ? deptIds.get(d.parent) : ROOT_DEPT_ID;
      const [row] = await tx.insert(departments).values({ name: d.name, parentId, sort, ...stamp }).returning({ id: departments.id });
      deptIds.set(d.name, row.id);
    }
    const roleIds = new Map<string, number>();
    for (const r of DEMO_ROLES) {
      const [row] = await tx.insert(roles).values({ name: r.name, description: r.description, ...stamp }).returning({ id: roles.id });
      roleIds.set(r.name, row.id);
      await grant(tx, row.id, r.grants, funcIds);
    }
    for (const [i, u] of DEMO_USERS.entries()) {
      const cred = demoCreds[i];
      const [row] = await tx
        .insert(users)
        .values({
          username: u.username, fullName: u.fullName, deptId: deptIds.get(u.dept) ?? ROOT_DEPT_ID,
          passwordHash: cred.hash, mustChangePassword: cred.mustChange, clearance: u.clearance, ...stamp,
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values(u.roles.map((name) => ({ userId: row.id, roleId: roleIds.get(name) as number })));
      accounts.push({ username: u.username, fullName: u.fullName, system: false, generatedPassword: cred.generated });
    }
  });
  return { created: true, accounts };
}
