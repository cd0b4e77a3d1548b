// Encrypted passwords (D91), without TypeBox so the renderer bundle stays free of it.

/** Prefix of an encrypted password: `enc1:<alg>:<payload>`; anything else is a plain password. */
export const LOGIN_CIPHER_PREFIX = 'enc1:';

/** Algorithms of encrypted passwords: RSA-OAEP (SHA-256) wrapping AES-256-GCM, or SM2 (国密). */
export type LoginCipherAlg = 'rsa' | 'sm2';

/** What an encrypted password carries, before encryption (JSON). */
export type LoginCipherPlain = {
  /** The password. */
  p: string;
  /** The server's one-time nonce. */
  n: string;
  /** When it was encrypted, in the server's clock (ms since the epoch). */
  t: number;
  /** The account it is for. */
  u: string;
  /** Which field it is: sign-in, or the current or new password of a change. */
  f: LoginCipherField;
};

/** The field an encrypted password was made for (a ciphertext of one is refused in another). */
export type LoginCipherField = 'password' | 'oldPassword' | 'newPassword';

/** Answer of login-key: the server's public key for its algorithm and a fresh one-time nonce. */
export type LoginKey = {
  alg: LoginCipherAlg;
  /** RSA: SPKI DER in base64; SM2: the uncompressed public point in hex. */
  publicKey: string;
  nonce: string;
  /** The server's clock (ms), so a client with a wrong clock still stamps the right time. */
  serverTime: number;
  /** How long the nonce stays usable, in seconds. */
  expiresIn: number;
  /** Whether the server refuses plain passwords (LOGIN_PLAIN_PASSWORD=refuse). */
  plainRefused: boolean;
};

/** Whether a password field holds an encrypted password. */
export function isLoginCipher(value: string): boolean {
  return value.startsWith(LOGIN_CIPHER_PREFIX);
}
