import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('redirect target after sign-in', () => {
  it.each(['/profile', '/knowledgeBase?space=2', '/sysMgr/index'])('accepts the app route %s', (target) => {
    expect(safeRedirect(target)).toBe(target);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'profile',
    '/login',
    '/login?redirect=%2Fprofile',
    '/subLogin?token=x',
    '/x\u0000y',
    '/ok?next=http://evil.example',
    '',
    null,
  ])('refuses %s', (target) => {
    expect(safeRedirect(target)).toBeNull();
  });
});
