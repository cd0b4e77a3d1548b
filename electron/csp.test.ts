import { describe, expect, it } from 'vitest';
import { cspForServer, DESKTOP_META_CSP } from './csp';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('desktop CSP', () => {
  it('allows scripts only from the app, never inline or eval', () => {
    for (const csp of [DESKTOP_META_CSP, cspForServer('https://kb.corp'), cspForServer(null)]) {
      expect(directive(csp, 'script-src')).toBe("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    }
  });

  it('lets the page connect and load images only from the app and the configured server', () => {
    expect(directive(cspForServer('https://kb.corp:8443'), 'connect-src')).toBe("connect-src 'self' https://kb.corp:8443");
    expect(directive(cspForServer('https://kb.corp:8443'), 'img-src')).toBe("img-src 'self' data: blob: https://kb.corp:8443");
    expect(directive(cspForServer(null), 'img-src')).toBe("img-src 'self' data: blob:");
    expect(directive(cspForServer(null), 'connect-src')).toBe("connect-src 'self'");
    expect(cspForServer(null)).toContain("frame-ancestors 'none'");
    expect(DESKTOP_META_CSP).not.toContain('frame-ancestors');
  });
});
