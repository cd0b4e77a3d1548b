import { describe, expect, it } from 'vitest';
import { hashString, visitorId } from './fingerprint';
import { clearSession } from './storage';

describe('browser fingerprint (visitorId)', () => {
  it('hashes deterministically', () => {
    expect(hashString('abc')).toBe(hashString('abc'));
    expect(hashString('abc')).not.toBe(hashString('abd'));
    expect(hashString('abc')).toMatch(/^[0-9a-f]{14}$/);
  });

  it('is computed once and survives the end of a session', () => {
    const first = visitorId();
    clearSession();
    expect(visitorId()).toBe(first);
    expect(localStorage.getItem('visitorId')).toBe(first);
  });
});
