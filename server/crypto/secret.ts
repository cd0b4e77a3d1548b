// Secrets at rest (database-connection passwords, tool-set credentials, the sign-in key pair): AES-256-GCM with a
// key from DB_SECRET_KEY, or else from a key file created in DATA_DIR on first use (mode 600). A stored value is
// `v1:<iv>:<tag>:<ciphertext>` (base64); the plain secret leaves this module only for the one use it is kept for.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const KEY_FILE = 'db-secret.key';
const VERSION = 'v1';

/** Parses a configured key: 64 hex digits or the base64 of 32 bytes; null when it is neither. */
export function parseKey(text: string): Buffer | null {
  const v = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(v)) {
    const b = Buffer.from(v, 'base64');
    return b.length === 32 ? b : null;
  }
  return null;
}

const keys = new Map<string, Buffer>();

/** The key of this server: configured, or read from (created in) DATA_DIR/db-secret.key with mode 600. */
export function secretKey(config: { dataDir: string; dbSecretKey: Buffer | null }): Buffer {
  if (config.dbSecretKey) return config.dbSecretKey;
  const file = path.join(config.dataDir, KEY_FILE);
  const known = keys.get(file);
  if (known) return known;
  let key: Buffer | null;
  try {
    key = parseKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`数据库连接密钥文件格式不正确：${file}`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(config.dataDir, { recursive: true });
    const fresh = randomBytes(32);
    try {
      // 'wx': two processes starting at once never overwrite each other's key.
      writeFileSync(file, `${fresh.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
      key = fresh;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      key = parseKey(readFileSync(file, 'utf8'));
      if (!key) throw new Error(`数据库连接密钥文件格式不正确：${file}`, { cause: e });
    }
  }
  keys.set(file, key);
  return key;
}

/** Encrypts a password for storage. */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

/** Decrypts a stored password; throws a Chinese error (without the value) when the key does not match. */
export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('数据库连接密码无法解密（格式不正确）');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  } catch (err) {
    throw new Error('数据库连接密码无法解密：密钥已更换？请重新填写该连接的密码', { cause: err });
  }
}
