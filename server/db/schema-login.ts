import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from './schema-columns';
import { users } from './schema-identity';

// Signing in: sessions, failure counters and locks (D4, D24), and the keys of encrypted passwords (D91).

/** Sign-in sessions (D4): only the SHA-256 of the opaque token is stored. */
export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull(),
  lastUsedAt: at('last_used_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

/** Consecutive sign-in failures per username (also for names that do not exist, D4). */
export const loginFailures = pgTable('login_failures', {
  username: text('username').primaryKey(),
  /** Failures from every source since `windowStart` (D24). */
  failures: integer('failures').notNull(),
  windowStart: at('window_start'),
  lastFailureAt: at('last_failure_at').notNull(),
  /** The account-wide lock (too many failures from all sources, or an administrator's lock). */
  lockedUntil: at('locked_until'),
  /** The latest end of a lock of one source for this account, shown to administrators. */
  sourceLockedUntil: at('source_locked_until'),
});

/** Consecutive sign-in failures of a user name from one source address, and that source's lock (D24). */
export const loginSourceFailures = pgTable('login_source_failures', {
  username: text('username').notNull(),
  source: text('source').notNull(),
  failures: integer('failures').notNull(),
  lastFailureAt: at('last_failure_at').notNull(),
  lockedUntil: at('locked_until'),
}, (t) => [primaryKey({ columns: [t.username, t.source] })]);

/**
 * Key pairs for encrypted passwords (D91), one per algorithm, made by the first process that needs one so every
 * process on the database decrypts alike. The private key is stored encrypted with the server's secret key
 * (DB_SECRET_KEY, as connection passwords are).
 */
export const loginKeys = pgTable('login_keys', {
  alg: text('alg').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Nonces of encrypted passwords already used, kept until they would be stale anyway (a second use is a replay). */
export const loginNonces = pgTable('login_nonces', {
  nonce: text('nonce').primaryKey(),
  expiresAt: at('expires_at').notNull(),
}, (t) => [index('login_nonces_expires_idx').on(t.expiresAt)]);
