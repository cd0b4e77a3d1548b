import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy } from './policy';
import { generatePassword, hashPassword, needsRehash, verifyPassword } from './hash';

describe('password hashing', () => {
  it('uses argon2id at the ASVS minimum (m=19456 KiB, t=2, p=1) as a PHC string', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery ')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
  });

  it('generates random 16-character passwords without look-alike characters', () => {
    const all = Array.from({ length: 50 }, () => generatePassword());
    expect(new Set(all).size).toBe(50);
    for (const p of all) expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
  });
});

describe('password policy', () => {
  it.each([
    ['1234567', '密码长度不能少于 8 位'],
    ['12345678', '密码过于常见，请换一个'],
    ['PassWord1', '密码过于常见，请换一个'],
    ['x'.repeat(129), '密码长度不能超过 128 位'],
  ])('refuses %s', (password, zh) => {
    expect(checkPasswordPolicy(password)?.zh).toBe(zh);
  });

  it('accepts any 8+ characters without composition rules, and refuses one containing the username', () => {
    expect(checkPasswordPolicy('lowercase only words')).toBeNull();
    expect(checkPasswordPolicy('汉字密码也可以用的')).toBeNull();
    expect(checkPasswordPolicy('demo-2030-spring', 'demo')?.zh).toBe('密码不能包含用户名');
  });
});
