import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler, resolveAppPath } from './app-protocol';

const ROOT = path.resolve('/srv/app/renderer');

describe('resolveAppPath', () => {
  it('maps the app origin to files under the root', () => {
    expect(resolveAppPath(ROOT, 'app://kb/')).toEqual({ ok: true, file: path.join(ROOT, 'index.html') });
    expect(resolveAppPath(ROOT, 'app://kb/assets/index-1.js?v=2#x')).toEqual({ ok: true, file: path.join(ROOT, 'assets', 'index-1.js') });
    expect(resolveAppPath(ROOT, 'app://kb/%E5%9B%BE.png')).toEqual({ ok: true, file: path.join(ROOT, '图.png') });
  });

  it('keeps dot segments the URL parser collapses inside the root', () => {
    expect(resolveAppPath(ROOT, 'app://kb/%2e%2e/%2e%2e/etc/passwd')).toEqual({ ok: true, file: path.join(ROOT, 'etc', 'passwd') });
    expect(resolveAppPath(ROOT, 'app://kb/static/../../../etc/passwd')).toEqual({ ok: true, file: path.join(ROOT, 'etc', 'passwd') });
  });

  it.each([
    'app://kb/..%2f..%2f..%2fetc%2fpasswd',
    'app://kb/assets/..%5c..%5c..%5cwindows%5cwin.ini',
    'app://kb/%2e%2e%5csecret',
    'app://kb/a%00.html',
    'app://kb/%E0%A4%A',
  ])('refuses the traversal %s with 403', (url) => {
    expect(resolveAppPath(ROOT, url)).toEqual({ ok: false, status: 403 });
  });

  it.each(['app://evil/index.html', 'app://kb.evil/index.html', 'app://user@kb/index.html', 'file:///etc/passwd', 'https://kb/'])(
    'refuses the foreign origin %s with 404',
    (url) => {
      expect(resolveAppPath(ROOT, url)).toEqual({ ok: false, status: 404 });
    },
  );
});

describe('app:// protocol handler', () => {
  const files: Record<string, string> = {
    [path.join(ROOT, 'index.html')]: '<!doctype html>',
    [path.join(ROOT, 'assets', 'a.js')]: 'export {}',
  };
  const readFile = vi.fn(async (file: string) => {
    if (!(file in files)) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    return new TextEncoder().encode(files[file]);
  });
  const handler = createAppProtocolHandler({ rootDir: ROOT, readFile, csp: () => "script-src 'self'" });

  it('serves index.html with the header CSP', async () => {
    const res = await handler(new Request('app://kb/index.html'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe("script-src 'self'");
    expect(await res.text()).toBe('<!doctype html>');
  });

  it('serves scripts with a JavaScript type', async () => {
    const res = await handler(new Request('app://kb/assets/a.js'));
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 403 to traversal without reading anything', async () => {
    readFile.mockClear();
    expect((await handler({ url: 'app://kb/static/..%2f..%2f..%2f..%2fetc%2fpasswd', method: 'GET' })).status).toBe(403);
    expect(readFile).not.toHaveBeenCalled();
  });

  it('answers 404 to missing files and other hosts, 405 to writes', async () => {
    expect((await handler(new Request('app://kb/nope.js'))).status).toBe(404);
    expect((await handler(new Request('app://other/index.html'))).status).toBe(404);
    expect((await handler({ url: 'app://kb/index.html', method: 'POST' })).status).toBe(405);
  });

  it('registers the scheme as standard and secure without bypassing CSP', () => {
    expect(APP_SCHEME_PRIVILEGES.scheme).toBe('app');
    expect(APP_SCHEME_PRIVILEGES.privileges).toMatchObject({ standard: true, secure: true });
    expect(APP_SCHEME_PRIVILEGES.privileges).not.toHaveProperty('bypassCSP');
  });
});
