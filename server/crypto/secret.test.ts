// Connection passwords at rest: AES-256-GCM, a key file created with mode 600, tampering detected.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, KEY_FILE, parseKey, secretKey } from './secret';

describe('connection password encryption', () => {
  it('creates the key file once with mode 600 and round-trips passwords', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-secret-'));
    try {
      const key = secretKey({ dataDir, dbSecretKey: null });
      const file = path.join(dataDir, KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(secretKey({ dataDir, dbSecretKey: null }).equals(key)).toBe(true);
      const stored = encryptSecret(key, '密码-Pw1!');
      expect(stored).not.toContain('Pw1');
      expect(encryptSecret(key, '密码-Pw1!')).not.toBe(stored);
      expect(decryptSecret(key, stored)).toBe('密码-Pw1!');
      const [v, iv, tag, data] = stored.split(':');
      const flipped = Buffer.from(data, 'base64');
      flipped[0] ^= 1;
      expect(() => decryptSecret(key, [v, iv, tag, flipped.toString('base64')].join(':'))).toThrow(/无法解密/);
      expect(() => decryptSecret(parseKey('ab'.repeat(32))!, stored)).toThrow(/无法解密/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('takes a configured key as 64 hex digits or base64 of 32 bytes', () => {
    expect(parseKey('ab'.repeat(32))?.length).toBe(32);
    expect(parseKey(Buffer.alloc(32, 7).toString('base64'))?.length).toBe(32);
    expect(parseKey('short')).toBeNull();
  });
});
