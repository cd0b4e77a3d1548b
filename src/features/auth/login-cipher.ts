import { AUTH_PATHS } from '../../../contract/api/runtime';
import { LOGIN_CIPHER_PREFIX } from '../../../contract/api/login-cipher';
import type { LoginCipherField, LoginCipherPlain, LoginKey } from '../../../contract/api/login-cipher';
import type { PlatformResult } from '../../../contract/api';
import { loadChunk } from '../../lib/chunk-load';
import { http, unwrapPlatform } from '../../lib/http';

// The product's clients never send a password in clear (D91): each password field is encrypted with the server's
// public key together with its one-time nonce, the server's time, the account and the field's name.

/** The server's public key, algorithm and a fresh nonce (silent: the caller's form explains a failure). */
async function fetchLoginKey(): Promise<LoginKey> {
  const response = await http.get<PlatformResult<LoginKey>>(AUTH_PATHS.loginKey, { silent: true });
  return unwrapPlatform(response.data);
}

function bytesToBase64(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** RSA-OAEP (SHA-256) wrapping a fresh AES-256-GCM key: `<wrapped key>.<iv>.<ciphertext>` in base64. */
async function sealRsa(publicKey: string, plain: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  // WebCrypto exists only in secure contexts (HTTPS, localhost, the desktop app).
  if (!subtle) throw new Error('当前页面不是安全连接（HTTPS），浏览器无法加密密码；请通过 HTTPS 访问，或请管理员启用国密 SM2 登录加密');
  const rsa = await subtle.importKey('spki', base64ToBytes(publicKey), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const wrapped = await subtle.encrypt({ name: 'RSA-OAEP' }, rsa, await subtle.exportKey('raw', aes));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const data = await subtle.encrypt({ name: 'AES-GCM', iv }, aes, new TextEncoder().encode(plain));
  return [new Uint8Array(wrapped), iv, new Uint8Array(data)].map(bytesToBase64).join('.');
}

/** SM2 (C1C3C2, hex); its code is fetched only when the server uses SM2, so /login stays small. */
async function sealSm2(publicKey: string, plain: string): Promise<string> {
  const { sm2 } = await loadChunk(() => import('sm-crypto-v2'), 'sm-crypto-v2');
  return sm2.doEncrypt(plain, publicKey, 1);
}

/**
 * The fields encrypted for `username` with one fresh nonce (the server spends it once for the whole request).
 * The server's clock stamps them, corrected by the time since the key arrived, so a wrong local clock does no harm.
 */
export async function encryptPasswords<F extends LoginCipherField>(
  username: string,
  fields: Record<F, string>,
): Promise<Record<F, string>> {
  const key = await fetchLoginKey();
  const offset = key.serverTime - Date.now();
  const out = {} as Record<F, string>;
  for (const f of Object.keys(fields) as F[]) {
    const plain: LoginCipherPlain = { p: fields[f], n: key.nonce, t: Date.now() + offset, u: username, f };
    const text = JSON.stringify(plain);
    const sealed = key.alg === 'sm2' ? await sealSm2(key.publicKey, text) : await sealRsa(key.publicKey, text);
    out[f] = `${LOGIN_CIPHER_PREFIX}${key.alg}:${sealed}`;
  }
  return out;
}
