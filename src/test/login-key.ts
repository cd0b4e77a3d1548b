import { AUTH_PATHS } from '../../contract/api/runtime';
import type { LoginKey } from '../../contract/api/login-cipher';
import type { FakeReply } from './fake-adapter';
import { ok } from './factories';

// A stand-in server's RSA key for encrypted passwords (D91): the route the client fetches it from, and a decryption
// as the server does it, so tests can check what a request carries.

const b64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export type FakeLoginKey = {
  /** `GET login-key` for installFakeServer. */
  routes: Record<string, () => FakeReply>;
  /** The sealed JSON of an `enc1:rsa:` value (throws for anything else). */
  open: (value: string) => Promise<{ p: string; n: string; u: string; f: string }>;
};

export async function fakeLoginKey(): Promise<FakeLoginKey> {
  const { subtle } = globalThis.crypto;
  const pair = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const publicKey = b64(await subtle.exportKey('spki', pair.publicKey));
  let issued = 0;
  const answer = (): LoginKey => {
    issued += 1;
    return { alg: 'rsa', publicKey, nonce: `nonce-${issued}`, serverTime: Date.now(), expiresIn: 120, plainRefused: false };
  };
  return {
    routes: { [`GET ${AUTH_PATHS.loginKey}`]: () => ok(answer()) },
    open: async (value) => {
      const [wrapped, iv, data] = value.replace(/^enc1:rsa:/, '').split('.').map(unb64);
      const raw = await subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, wrapped);
      const aes = await subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
      return JSON.parse(new TextDecoder().decode(await subtle.decrypt({ name: 'AES-GCM', iv }, aes, data)));
    },
  };
}
