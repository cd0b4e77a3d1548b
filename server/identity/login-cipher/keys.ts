// The key pair of encrypted passwords (D91): one per algorithm in the database, made by the first process that
// needs it, so every process on one PostgreSQL decrypts what any of them handed out. The private key is kept
// encrypted with the server's secret key (DB_SECRET_KEY or DATA_DIR/db-secret.key), as connection passwords are.
import { createHash, createPrivateKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { sm2 } from 'sm-crypto-v2';
import type { LoginCipherAlg } from '../../../contract/api/login-cipher';
import type { Deps } from '../../deps';
import { loginKeys } from '../../db/schema';
import { decryptSecret, encryptSecret, secretKey } from '../../crypto/secret';

/** A usable key pair: the public key as clients get it, the private key and the nonce-signing key derived from it. */
export type LoginKeyPair = {
  alg: LoginCipherAlg;
  publicKey: string;
  /** RSA: the private key object; SM2: the private scalar in hex. */
  privateKey: KeyObject | string;
  nonceKey: Buffer;
};

const generateRsa = promisify(generateKeyPair);

async function fresh(alg: LoginCipherAlg): Promise<{ publicKey: string; privateKey: string }> {
  if (alg === 'sm2') {
    const pair = sm2.generateKeyPairHex();
    return { publicKey: pair.publicKey, privateKey: pair.privateKey };
  }
  const pair = await generateRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: Buffer.from(pair.publicKey).toString('base64'), privateKey: pair.privateKey };
}

function usable(alg: LoginCipherAlg, publicKey: string, privatePlain: string): LoginKeyPair {
  // Nonces are signed with a key only the holders of the private key can derive: every process, nobody else.
  const nonceKey = createHash('sha256').update('kb-login-nonce\0').update(privatePlain).digest();
  const privateKey = alg === 'rsa' ? createPrivateKey(privatePlain) : privatePlain;
  return { alg, publicKey, privateKey, nonceKey };
}

const cache = new WeakMap<Deps['db'], Map<LoginCipherAlg, Promise<LoginKeyPair>>>();

async function load(deps: Deps, alg: LoginCipherAlg): Promise<LoginKeyPair> {
  const key = secretKey(deps.config);
  const read = async () => (await deps.db.select().from(loginKeys).where(eq(loginKeys.alg, alg)))[0];
  let row = await read();
  if (!row) {
    const made = await fresh(alg);
    // Two processes starting at once: the first insert wins and both use its pair.
    await deps.db.insert(loginKeys).values({ alg, publicKey: made.publicKey, privateKey: encryptSecret(key, made.privateKey) })
      .onConflictDoNothing();
    row = await read();
  }
  let privatePlain: string;
  try {
    privatePlain = decryptSecret(key, row.privateKey);
  } catch (err) {
    throw new Error('登录加密密钥无法解密：各进程须使用同一个 DB_SECRET_KEY / login key cannot be decrypted: every process needs the same DB_SECRET_KEY', { cause: err });
  }
  return usable(alg, row.publicKey, privatePlain);
}

/** The key pair of `alg` for this database, made on first use. */
export function loginKeyPair(deps: Deps, alg: LoginCipherAlg): Promise<LoginKeyPair> {
  let byAlg = cache.get(deps.db);
  if (!byAlg) cache.set(deps.db, (byAlg = new Map()));
  let pair = byAlg.get(alg);
  if (!pair) {
    pair = load(deps, alg);
    byAlg.set(alg, pair);
    // A failed load (database down) is tried again on the next request.
    pair.catch(() => byAlg.delete(alg));
  }
  return pair;
}
