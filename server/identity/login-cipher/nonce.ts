// One-time nonces of encrypted passwords (D91): signed by the server, so handing one out writes nothing (the
// endpoint is public), and recorded when spent, so a second use is refused on every process of the database.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { loginNonces } from '../../db/schema';

/** How long a nonce, and an encrypted password made with it, stays usable. */
export const NONCE_WINDOW_MS = 2 * 60_000;

const TIME_BYTES = 6;
const RANDOM_BYTES = 16;
const MAC_BYTES = 16;

function mac(key: Buffer, body: Buffer): Buffer {
  return createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);
}

/** A fresh nonce: issue time, random bytes and their MAC, base64url. */
export function issueNonce(key: Buffer, now: Date): string {
  const body = Buffer.alloc(TIME_BYTES + RANDOM_BYTES);
  body.writeUIntBE(now.getTime(), 0, TIME_BYTES);
  randomBytes(RANDOM_BYTES).copy(body, TIME_BYTES);
  return Buffer.concat([body, mac(key, body)]).toString('base64url');
}

export type NonceCheck = { ok: true; issuedAt: number } | { ok: false; reason: 'invalid' | 'stale' };

/** Whether this server issued the nonce and it is still within the window (not whether it was spent). */
export function checkNonce(key: Buffer, nonce: string, now: Date): NonceCheck {
  const raw = Buffer.from(nonce, 'base64url');
  if (raw.length !== TIME_BYTES + RANDOM_BYTES + MAC_BYTES) return { ok: false, reason: 'invalid' };
  const body = raw.subarray(0, TIME_BYTES + RANDOM_BYTES);
  if (!timingSafeEqual(mac(key, body), raw.subarray(TIME_BYTES + RANDOM_BYTES))) return { ok: false, reason: 'invalid' };
  const issuedAt = body.readUIntBE(0, TIME_BYTES);
  const age = now.getTime() - issuedAt;
  // A little slack the other way: processes' clocks may differ by a moment.
  if (age > NONCE_WINDOW_MS || age < -5_000) return { ok: false, reason: 'stale' };
  return { ok: true, issuedAt };
}

/** Records the nonce as spent; false when it already was (a replay). Spent nonces past their window are dropped. */
export async function spendNonce(deps: Deps, nonce: string, issuedAt: number): Promise<boolean> {
  const now = deps.now();
  await deps.db.delete(loginNonces).where(lt(loginNonces.expiresAt, now));
  const expiresAt = new Date(issuedAt + NONCE_WINDOW_MS);
  const rows = await deps.db.insert(loginNonces).values({ nonce, expiresAt }).onConflictDoNothing().returning();
  return rows.length === 1;
}
