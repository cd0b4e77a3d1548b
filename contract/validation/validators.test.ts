import { describe, expect, it } from 'vitest';
import { hasSpecialChars, isEmail, isEmpty, isLandline, isMobile, isPhone, SPECIAL_CHARACTERS } from './validators';

describe('mobile numbers', () => {
  it.each(['13812345678', '19912345678', '15000000000'])('accepts %s', (v) => expect(isMobile(v)).toBe(true));
  it.each([
    ['12812345678', 'second digit below 3'],
    ['23812345678', 'first digit not 1'],
    ['1381234567', '10 digits'],
    ['138123456789', '12 digits'],
    ['1381234567a', 'a letter'],
    [' 13812345678', 'leading space'],
    ['', 'empty'],
  ])('refuses %s (%s)', (v) => expect(isMobile(v)).toBe(false));
});

describe('landlines', () => {
  it.each(['010-12345678', '0571-8765432', '01012345678', '12345678', '8765432', '010-12345678-123', '0571-8765432-1'])(
    'accepts %s',
    (v) => expect(isLandline(v)).toBe(true),
  );
  it.each([
    ['123456', 'six digits'],
    ['123456789', 'nine digits'],
    ['010--12345678', 'double hyphen'],
    ['10-12345678', 'area code of two digits'],
    ['01234-12345678', 'area code of five digits'],
    ['010-12345678-', 'empty extension'],
    ['010-1234567a', 'letter'],
  ])('refuses %s (%s)', (v) => expect(isLandline(v)).toBe(false));
  it('does not take a mobile number for a landline', () => expect(isLandline('13812345678')).toBe(false));
  it('isPhone accepts either kind', () => {
    expect(isPhone('13812345678')).toBe(true);
    expect(isPhone('010-12345678')).toBe(true);
    expect(isPhone('12')).toBe(false);
  });
});

describe('e-mail addresses', () => {
  it.each(['a@b.cn', 'zhang.san+kb@corp.example.com', 'x_1@mail-1.org'])('accepts %s', (v) => expect(isEmail(v)).toBe(true));
  it.each([
    ['plain', 'no @'],
    ['@corp.cn', 'no local part'],
    ['a@corp', 'undotted domain'],
    ['a@corp.', 'empty last label'],
    ['a@.corp.cn', 'empty first label'],
    ['.a@corp.cn', 'leading dot'],
    ['a..b@corp.cn', 'doubled dot'],
    ['a b@corp.cn', 'space'],
    ['a@-corp.cn', 'label starting with hyphen'],
    [`${'a'.repeat(65)}@corp.cn`, 'local part over 64'],
  ])('refuses %s (%s)', (v) => expect(isEmail(v)).toBe(false));
});

describe('special characters', () => {
  it.each(Array.from(SPECIAL_CHARACTERS))('refuses %s', (ch) => expect(hasSpecialChars(`名称${ch}`)).toBe(true));
  it.each(['￥', '，', '（', '【', '“', '！', '？', '、'])('refuses the full-width %s', (ch) => expect(hasSpecialChars(ch)).toBe(true));
  it.each(['检修规程', 'v1.2_检修-规程', 'Zhang San', '张三 2026'])('allows %s', (v) => expect(hasSpecialChars(v)).toBe(false));
});

describe('emptiness', () => {
  it.each([[null], [undefined], [''], [[]], [{}], [new Map()]])('%j is empty', (v) => expect(isEmpty(v)).toBe(true));
  it.each([[0], [NaN], [false], [true], [' '], ['0'], [[0]], [{ a: undefined }], [new Date(0)]])('%j is not empty', (v) =>
    expect(isEmpty(v)).toBe(false),
  );
});
