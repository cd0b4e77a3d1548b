import { and, count, eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { badRequest } from '../../http-error';

// An arbitrary constant naming the advisory lock that serialises seat allocation across processes.
const SEAT_LOCK_KEY = 725_031_017;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function day(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Refuses when the licence has expired (a clear Chinese message naming the date). */
export function assertLicenceValid(deps: Pick<Deps, 'config' | 'now'>, what: string): void {
  const expires = deps.config.licenseExpires;
  if (expires && expires.getTime() <= deps.now().getTime()) {
    throw badRequest(`软件许可已于 ${day(expires)} 到期，不能${what}，请联系供应商续期`);
  }
}

/** Enabled ordinary users: the seats the licence counts. */
export async function usedSeats(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(and(eq(users.system, false), eq(users.disabled, false)));
  return Number(row?.n ?? 0);
}

/**
 * Inside a transaction: takes the seat lock (so two admins cannot both take the last seat) and refuses
 * when `more` further enabled users would pass the licensed number.
 */
export async function reserveSeats(tx: Tx, deps: Pick<Deps, 'config' | 'now'>, more: number, what: string): Promise<void> {
  assertLicenceValid(deps, what);
  await tx.execute(sql`select pg_advisory_xact_lock(${SEAT_LOCK_KEY})`);
  const used = await usedSeats(tx);
  const licensed = deps.config.licenseUsers;
  if (used + more > licensed) {
    const left = Math.max(0, licensed - used);
    throw badRequest(`已达到许可用户数上限（许可 ${licensed} 个，已启用 ${used} 个，剩余 ${left} 个），不能${what}`);
  }
}

/** Seats still free (for the import check). */
export async function freeSeats(deps: Deps): Promise<number> {
  return Math.max(0, deps.config.licenseUsers - (await usedSeats(deps.db)));
}
