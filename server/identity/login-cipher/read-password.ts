// Reading a password field that may be encrypted (D91). Every refusal is a 400 naming the field; neither the
// password nor the ciphertext ever goes into a message or a log line.
import { constants, createDecipheriv, privateDecrypt, type KeyObject } from 'node:crypto';
import { sm2 } from 'sm-crypto-v2';
import { LOGIN_CIPHER_PREFIX, type LoginCipherField, type LoginCipherPlain } from '../../../contract/api/login-cipher';
import type { Deps } from '../../deps';
import { badRequest } from '../../http-error';
import { PASSWORD_MAX_LENGTH } from '../../passwords/policy';
import { loginKeyPair, type LoginKeyPair } from './keys';
import { checkNonce, NONCE_WINDOW_MS, spendNonce } from './nonce';

const ALG_NAMES = { rsa: 'RSA-OAEP', sm2: 'SM2（国密）' } as const;

/** RSA: `<wrapped AES key>.<iv>.<ciphertext with tag>`, base64; the AES-256-GCM key wrapped with RSA-OAEP/SHA-256. */
function openRsa(privateKey: KeyObject, payload: string): string {
  const [wrapped, iv, data] = payload.split('.').map((part) => Buffer.from(part, 'base64'));
  if (!wrapped || !iv || !data || iv.length !== 12 || data.length < 16) throw new Error('format');
  const aesKey = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrapped);
  const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** SM2: the C1C3C2 ciphertext in hex, as sm-crypto-v2 makes it. */
function openSm2(privateKey: string, payload: string): string {
  if (!/^[0-9a-f]+$/i.test(payload)) throw new Error('format');
  const plain = sm2.doDecrypt(payload, privateKey, 1, { output: 'string' });
  if (!plain) throw new Error('integrity');
  return plain;
}

function parsePlain(text: string): LoginCipherPlain {
  const v = JSON.parse(text) as Partial<LoginCipherPlain>;
  if (typeof v.p !== 'string' || typeof v.n !== 'string' || typeof v.t !== 'number' || typeof v.u !== 'string' || typeof v.f !== 'string') {
    throw new Error('shape');
  }
  return v as LoginCipherPlain;
}

type Opened = { password: string; spend?: { nonce: string; issuedAt: number } };

async function openField(deps: Deps, value: string, field: LoginCipherField, username: string): Promise<Opened> {
  if (!value.startsWith(LOGIN_CIPHER_PREFIX)) {
    if (deps.config.loginPlainPassword === 'refuse') {
      throw badRequest(`参数 ${field} 须加密传送：服务器不接受明文密码，请使用本产品的网页或桌面客户端`);
    }
    if ([...value].length > PASSWORD_MAX_LENGTH) throw badRequest(`参数 ${field} 长度不能超过 ${PASSWORD_MAX_LENGTH}`);
    return { password: value };
  }
  const rest = value.slice(LOGIN_CIPHER_PREFIX.length);
  const colon = rest.indexOf(':');
  const wanted = deps.config.loginCrypto;
  if (colon < 0 || rest.slice(0, colon) !== wanted) {
    throw badRequest(`参数 ${field} 的加密方式不对：本服务器使用 ${ALG_NAMES[wanted]}，请刷新页面后重试`);
  }
  const pair: LoginKeyPair = await loginKeyPair(deps, wanted);
  let plain: LoginCipherPlain;
  try {
    const payload = rest.slice(colon + 1);
    plain = parsePlain(pair.alg === 'rsa' ? openRsa(pair.privateKey as KeyObject, payload) : openSm2(pair.privateKey as string, payload));
  } catch {
    throw badRequest(`参数 ${field} 无法解密，请刷新页面后重试`);
  }
  if (plain.u !== username || plain.f !== field) throw badRequest(`参数 ${field} 不是为本账号的这一项加密的，请重试`);
  const now = deps.now();
  const nonce = checkNonce(pair.nonceKey, plain.n, now);
  if (!nonce.ok && nonce.reason === 'invalid') throw badRequest(`参数 ${field} 的一次性随机数无效，请重试`);
  if (!nonce.ok || Math.abs(now.getTime() - plain.t) > NONCE_WINDOW_MS) {
    throw badRequest(`参数 ${field} 已过期（加密后超过 ${NONCE_WINDOW_MS / 60_000} 分钟），请重试`);
  }
  if (plain.p === '' || [...plain.p].length > PASSWORD_MAX_LENGTH) throw badRequest(`参数 ${field} 长度应为 1 到 ${PASSWORD_MAX_LENGTH}`);
  return { password: plain.p, spend: { nonce: plain.n, issuedAt: nonce.issuedAt } };
}

/**
 * The passwords of one request's fields, for `username`. Plain: accepted unless LOGIN_PLAIN_PASSWORD=refuse (up to
 * 128 characters). Encrypted (`enc1:<alg>:…`): must be of the configured algorithm, decrypt, name this account and
 * this field, carry a nonce this server issued within the window and be stamped within it, and its nonce must not
 * have been spent (the fields of one request may share one nonce; it is spent once, after every field is read).
 */
export async function readPasswords<F extends LoginCipherField>(
  deps: Deps,
  username: string,
  fields: Record<F, string>,
): Promise<Record<F, string>> {
  const out = {} as Record<F, string>;
  const spends = new Map<string, { field: F; issuedAt: number }>();
  for (const field of Object.keys(fields) as F[]) {
    const opened = await openField(deps, fields[field], field, username);
    out[field] = opened.password;
    if (opened.spend && !spends.has(opened.spend.nonce)) spends.set(opened.spend.nonce, { field, issuedAt: opened.spend.issuedAt });
  }
  for (const [nonce, { field, issuedAt }] of spends) {
    if (!(await spendNonce(deps, nonce, issuedAt))) throw badRequest(`参数 ${field} 已使用过（加密的密码只能提交一次），请重试`);
  }
  return out;
}
