import { describe, expect, it, vi } from 'vitest';
import { externalUrlOrNull, openExternalSafely } from './external-links';
import { APP_ENTRY_URL, isTrustedAppUrl } from './trusted-url';

const HOSTILE_FOR_NAVIGATION = [
  'https://evil.example/',
  'http://kb/',
  'app://kb.evil/index.html',
  'app://kbx/index.html',
  'app://evil.kb/index.html',
  'app://user@kb/index.html',
  'app://kb:x@kb/index.html',
  'app://kb:8080/index.html',
  'app:kb/index.html',
  'app:///kb/index.html',
  'http://localhost.evil:5173/',
  'http://localhost:5174/',
  'http://user@localhost:5173/',
  'https://localhost:5173/',
  'file:///tmp/app.html',
  'file:///C:/Windows/System32/calc.exe',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'blob:app://kb/0b6e6ab6',
  'ms-msdt:/id PCWDiagnostic',
  'custom://kb/',
  'about:blank',
  '',
  'not a url',
];

describe('isTrustedAppUrl (navigation and IPC origin)', () => {
  it('accepts the app itself', () => {
    expect(isTrustedAppUrl(APP_ENTRY_URL)).toBe(true);
    expect(isTrustedAppUrl('app://kb/#/clientLogin')).toBe(true);
    expect(isTrustedAppUrl('app://kb/assets/index.js?x=1')).toBe(true);
  });

  it.each(HOSTILE_FOR_NAVIGATION)('refuses %s', (url) => {
    expect(isTrustedAppUrl(url, 'http://localhost:5173')).toBe(false);
  });

  it('accepts the dev server only when one is configured', () => {
    expect(isTrustedAppUrl('http://localhost:5173/#/login', 'http://localhost:5173')).toBe(true);
    expect(isTrustedAppUrl('http://localhost:5173/#/login')).toBe(false);
  });

  it.each([undefined, null, 42, {}, ['app://kb/']])('refuses the non-string %j', (value) => {
    expect(isTrustedAppUrl(value)).toBe(false);
  });
});

const HOSTILE_FOR_EXTERNAL = [
  'file:///etc/passwd',
  'file://server/share/x.exe',
  '\\\\server\\share\\x.exe',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,hi',
  'vbscript:msgbox(1)',
  'mailto:a@example.com',
  'ms-msdt:/id PCWDiagnostic',
  'ms-settings:',
  'search-ms:query=x',
  'smb://server/share',
  'custom://anything',
  'app://kb/index.html',
  'https://user:pass@example.com/',
  'https://',
  '/relative/path',
  `https://example.com/${'a'.repeat(3000)}`,
];

describe('external links', () => {
  it('passes http(s) links through in normalised form', () => {
    expect(externalUrlOrNull('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(externalUrlOrNull('http://intranet.corp:8080/doc')).toBe('http://intranet.corp:8080/doc');
  });

  it.each(HOSTILE_FOR_EXTERNAL)('never opens %s', async (url) => {
    const open = vi.fn(async () => {});
    expect(await openExternalSafely(url, open)).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  it.each([undefined, null, 1, { href: 'https://x' }])('never opens the non-string %j', async (value) => {
    const open = vi.fn(async () => {});
    expect(await openExternalSafely(value, open)).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  it('opens a vetted link once', async () => {
    const open = vi.fn(async () => {});
    expect(await openExternalSafely('https://example.com/', open)).toBe(true);
    expect(open).toHaveBeenCalledExactlyOnceWith('https://example.com/');
  });
});
