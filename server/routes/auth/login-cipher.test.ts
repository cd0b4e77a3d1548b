import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, OAUTH_DENIED } from '../../../contract/api';
import { loginFailures, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, tokenUrl } from '../../test-support/http';
import { fetchLoginKey, seal, sealedTokenUrl } from '../../test-support/login-cipher';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';

// D91: passwords encrypted with the server's key, a one-time nonce and a timestamp; plain ones refused on request.

let t: TestApp;
let refusing: TestApp;
let sm2: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ config: { logLevel: 'info' }, logStream: { write: (line) => void logLines.push(line) } });
  refusing = await createTestApp({ config: { loginPlainPassword: 'refuse' } });
  sm2 = await createTestApp({ config: { loginCrypto: 'sm2' } });
});
afterAll(async () => {
  await Promise.all([t, refusing, sm2].map((a) => a?.close()));
});

const get = (a: TestApp, url: string) => a.app.inject({ method: 'GET', url });
const tokenOf = (a: TestApp, username: string, password: string) =>
  get(a, `${AUTH_PATHS.token}?${new URLSearchParams({ grant_type: 'password', username, password })}`);
const change = (a: TestApp, token: string, payload: object) =>
  a.app.inject({ method: 'PUT', url: AUTH_PATHS.password, headers: bearer(token), payload });
const refusal = (message: string) => ({ code: 400, message, results: null });

/** A password change of `username` with both fields sealed, each for its own field, with a fresh key of `a`. */
async function changeSealed(a: TestApp, token: string, username: string, oldPassword: string, newPassword: string) {
  const key = await fetchLoginKey(a.app);
  return change(a, token, {
    oldPassword: seal(key, 'oldPassword', username, oldPassword),
    newPassword: seal(key, 'newPassword', username, newPassword),
  });
}

async function signedIn(a: TestApp, username: string, password: string): Promise<string> {
  const res = await get(a, await sealedTokenUrl(a.app, username, password));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

describe('login-key', () => {
  it('hands out the public key, the algorithm and a fresh nonce without a session', async () => {
    const [a, b] = [await fetchLoginKey(t.app), await fetchLoginKey(t.app)];
    expect(a).toEqual({ alg: 'rsa', publicKey: expect.any(String), nonce: expect.any(String), serverTime: t.clock.now().getTime(), expiresIn: 120, plainRefused: false });
    expect(b.publicKey).toBe(a.publicKey);
    expect(b.nonce).not.toBe(a.nonce);
    expect((await fetchLoginKey(refusing.app)).plainRefused).toBe(true);
  });

  it('is limited per source address', async () => {
    for (let i = 0; i < 120; i += 1) await fetchLoginKey(sm2.app, '10.9.9.9');
    const res = await sm2.app.inject({ method: 'GET', url: AUTH_PATHS.loginKey, remoteAddress: '10.9.9.9' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^登录尝试过于频繁/);
  });
});

describe('sign-in with an encrypted password (RSA-OAEP)', () => {
  it('signs in, and the query never holds the password', async () => {
    const url = await sealedTokenUrl(t.app, 'demo', TEST_DEMO_PASSWORD);
    expect(url).not.toContain(encodeURIComponent(TEST_DEMO_PASSWORD));
    const res = await get(t, url);
    expect(res.statusCode).toBe(200);
    expect(res.json().token_type).toBe('bearer');
  });

  it('refuses the same ciphertext sent again', async () => {
    const url = await sealedTokenUrl(t.app, 'staff', TEST_DEMO_PASSWORD);
    expect((await get(t, url)).statusCode).toBe(200);
    const again = await get(t, url);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(refusal('参数 password 已使用过（加密的密码只能提交一次），请重试'));
  });

  it('refuses a ciphertext older than two minutes, and one stamped with an old time', async () => {
    const key = await fetchLoginKey(t.app);
    t.clock.advance(121_000);
    const stale = await tokenOf(t, 'staff', seal(key, 'password', 'staff', TEST_DEMO_PASSWORD));
    expect(stale.json()).toEqual(refusal('参数 password 已过期（加密后超过 2 分钟），请重试'));
    const fresh = await fetchLoginKey(t.app);
    const oldStamp = await tokenOf(t, 'staff', seal(fresh, 'password', 'staff', TEST_DEMO_PASSWORD, { t: fresh.serverTime - 121_000 }));
    expect(oldStamp.json()).toEqual(refusal('参数 password 已过期（加密后超过 2 分钟），请重试'));
  });

  it('refuses a ciphertext made for another username or field, a forged nonce and garbage', async () => {
    const key = await fetchLoginKey(t.app);
    const other = await tokenOf(t, 'zhangwei', seal(key, 'password', 'staff', TEST_DEMO_PASSWORD));
    expect(other.json()).toEqual(refusal('参数 password 不是为本账号的这一项加密的，请重试'));
    const field = await tokenOf(t, 'staff', seal(key, 'newPassword', 'staff', TEST_DEMO_PASSWORD));
    expect(field.json()).toEqual(refusal('参数 password 不是为本账号的这一项加密的，请重试'));
    const forged = await tokenOf(t, 'staff', seal(key, 'password', 'staff', TEST_DEMO_PASSWORD, { n: 'A'.repeat(51) }));
    expect(forged.json()).toEqual(refusal('参数 password 的一次性随机数无效，请重试'));
    expect((await tokenOf(t, 'staff', 'enc1:rsa:AAAA.BBBB.CCCC')).json()).toEqual(refusal('参数 password 无法解密，请刷新页面后重试'));
    expect((await tokenOf(t, 'staff', 'enc1:sm2:abcd')).json().message).toBe('参数 password 的加密方式不对：本服务器使用 RSA-OAEP，请刷新页面后重试');
  });

  it('keeps the wrong-password answer and counts it towards the lock as before', async () => {
    const failuresOf = async () => (await t.deps.db.select().from(loginFailures).where(eq(loginFailures.username, 'wangfang')))[0]?.failures ?? 0;
    expect(await failuresOf()).toBe(0);
    for (const n of [1, 2]) {
      const wrong = await get(t, await sealedTokenUrl(t.app, 'wangfang', 'not-the-password'));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual(OAUTH_DENIED);
      expect(await failuresOf()).toBe(n);
    }
  });

  it('accepts a plain password by default, for clients written to the spec', async () => {
    expect((await get(t, tokenUrl('demo', TEST_DEMO_PASSWORD))).statusCode).toBe(200);
  });
});

describe('LOGIN_PLAIN_PASSWORD=refuse', () => {
  it('refuses a plain password with a message naming the field, and signs in an encrypted one', async () => {
    const plain = await get(refusing, tokenUrl('demo', TEST_DEMO_PASSWORD));
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toEqual(refusal('参数 password 须加密传送：服务器不接受明文密码，请使用本产品的网页或桌面客户端'));
    await signedIn(refusing, 'demo', TEST_DEMO_PASSWORD);
  });

  it('refuses plain passwords in the password change, and changes with encrypted ones', async () => {
    const token = await signedIn(refusing, 'staff', TEST_DEMO_PASSWORD);
    const plain = await change(refusing, token, { oldPassword: TEST_DEMO_PASSWORD, newPassword: 'a brand new secret 1' });
    expect(plain.json()).toEqual(refusal('参数 oldPassword 须加密传送：服务器不接受明文密码，请使用本产品的网页或桌面客户端'));
    const ok = await changeSealed(refusing, token, 'staff', TEST_DEMO_PASSWORD, 'a brand new secret 1');
    expect(ok.statusCode, ok.body).toBe(200);
    await signedIn(refusing, 'staff', 'a brand new secret 1');
  });
});

describe('password change and first sign-in with encrypted passwords', () => {
  it('changes the password at first sign-in, refuses the same body again and swapped fields', async () => {
    await t.deps.db.update(users).set({ mustChangePassword: true }).where(eq(users.username, 'lina'));
    const token = await signedIn(t, 'lina', TEST_DEMO_PASSWORD);
    const key = await fetchLoginKey(t.app);
    const swapped = await change(t, token, {
      oldPassword: seal(key, 'newPassword', 'lina', TEST_DEMO_PASSWORD),
      newPassword: seal(key, 'oldPassword', 'lina', 'first own secret 77'),
    });
    expect(swapped.json()).toEqual(refusal('参数 oldPassword 不是为本账号的这一项加密的，请重试'));
    const body = {
      oldPassword: seal(key, 'oldPassword', 'lina', TEST_DEMO_PASSWORD),
      newPassword: seal(key, 'newPassword', 'lina', 'first own secret 77'),
    };
    expect(JSON.stringify(body)).not.toContain('first own secret 77');
    expect((await change(t, token, body)).statusCode).toBe(200);
    expect((await change(t, token, body)).json()).toEqual(refusal('参数 oldPassword 已使用过（加密的密码只能提交一次），请重试'));
    const [row] = await t.deps.db.select().from(users).where(eq(users.username, 'lina'));
    expect(row.mustChangePassword).toBe(false);
    await signedIn(t, 'lina', 'first own secret 77');
  });

  it('refuses an encrypted current password that is wrong with the usual message', async () => {
    const token = await signedIn(t, 'zhangwei', TEST_DEMO_PASSWORD);
    const res = await changeSealed(t, token, 'zhangwei', 'not the password', 'whatever secret 12');
    expect(res.json()).toEqual(refusal('原密码不正确'));
  });
});

describe('logs', () => {
  it('never hold a password or a ciphertext, refused or not', async () => {
    const url = await sealedTokenUrl(t.app, 'demo', TEST_DEMO_PASSWORD);
    await get(t, url);
    await get(t, url);
    const sealed = new URLSearchParams(url.split('?')[1]).get('password')!;
    const text = logLines.join('\n');
    expect(text).toContain(AUTH_PATHS.token);
    for (const secret of [TEST_DEMO_PASSWORD, 'first own secret 77', sealed.slice(9, 40), 'enc1:', 'enc1%3A']) expect(text).not.toContain(secret);
  });
});

describe('国密 mode (LOGIN_CRYPTO=sm2)', () => {
  it('hands out an SM2 key and signs in and changes passwords with SM2 ciphertexts only', async () => {
    const key = await fetchLoginKey(sm2.app);
    expect(key.alg).toBe('sm2');
    expect(key.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    const token = await signedIn(sm2, 'demo', TEST_DEMO_PASSWORD);
    const changed = await changeSealed(sm2, token, 'demo', TEST_DEMO_PASSWORD, '国密口令 second 2030');
    expect(changed.statusCode, changed.body).toBe(200);
    await signedIn(sm2, 'demo', '国密口令 second 2030');
    const rsaKey = await fetchLoginKey(t.app);
    const wrongAlg = await tokenOf(sm2, 'demo', seal({ ...rsaKey, nonce: (await fetchLoginKey(sm2.app)).nonce }, 'password', 'demo', 'x'));
    expect(wrongAlg.json().message).toBe('参数 password 的加密方式不对：本服务器使用 SM2（国密），请刷新页面后重试');
  });
});
