// Encrypting passwords as a client does (D91), written apart from the renderer's WebCrypto code with node:crypto,
// so the server tests check the format itself; the browser's code is checked by the e2e sign-in spec.
import { constants, createCipheriv, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { sm2 } from 'sm-crypto-v2';
import { AUTH_PATHS, type LoginCipherField, type LoginCipherPlain, type LoginKey } from '../../contract/api';
import type { App } from '../app';

/** GET login-key. */
export async function fetchLoginKey(app: App, ip?: string): Promise<LoginKey> {
  const res = await app.inject({ method: 'GET', url: AUTH_PATHS.loginKey, ...(ip ? { remoteAddress: ip } : {}) });
  if (res.statusCode !== 200) throw new Error(`login-key failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { results: LoginKey }).results;
}

/** One sealed field; `plain` overrides parts of what is sealed (another user, an old time, another nonce…). */
export function seal(key: LoginKey, field: LoginCipherField, username: string, password: string, plain: Partial<LoginCipherPlain> = {}): string {
  const text = JSON.stringify({ p: password, n: key.nonce, t: key.serverTime, u: username, f: field, ...plain });
  if (key.alg === 'sm2') return `enc1:sm2:${sm2.doEncrypt(text, key.publicKey, 1)}`;
  const aesKey = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  const spki = createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' });
  const wrapped = publicEncrypt({ key: spki, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, aesKey);
  return `enc1:rsa:${[wrapped, iv, data].map((b) => b.toString('base64')).join('.')}`;
}

/** The token call's URL with the password sealed for `username` (fresh key and nonce). */
export async function sealedTokenUrl(app: App, username: string, password: string): Promise<string> {
  const key = await fetchLoginKey(app);
  const q = new URLSearchParams({ grant_type: 'password', username, password: seal(key, 'password', username, password) });
  return `${AUTH_PATHS.token}?${q.toString()}`;
}
