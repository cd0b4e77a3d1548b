import { pgTable, text, timestamp, index } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
