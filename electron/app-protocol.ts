import path from 'node:path';
import { APP_HOST, APP_SCHEME } from './trusted-url';

/**
 * Privileges of the app:// scheme: a standard, secure origin that can use fetch.
 * No bypassCSP: the renderer's policy applies to everything it loads.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** Result of mapping an app:// URL to a file. */
export type AppPathResult = { ok: true; file: string } | { ok: false; status: 403 | 404 };

/**
 * Maps `app://kb/<path>` to a file under rootDir. Wrong scheme or host is 404; anything that
 * would leave rootDir after decoding (`..`, encoded `%2e%2e%2f`, backslashes, NUL) is 403.
 */
export function resolveAppPath(rootDir: string, rawUrl: string): AppPathResult {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, status: 404 };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username || url.password) {
    return { ok: false, status: 404 };
  }
  let relative: string;
  try {
    relative = decodeURIComponent(url.pathname);
  } catch {
    return { ok: false, status: 403 };
  }
  if (relative.includes('\0')) return { ok: false, status: 403 };
  if (relative === '' || relative === '/') relative = '/index.html';
  const segments = relative.split(/[\\/]+/);
  if (segments.some((s) => s === '..')) return { ok: false, status: 403 };
  const root = path.resolve(rootDir);
  const file = path.resolve(root, ...segments.filter((s) => s !== '' && s !== '.'));
  const inside = path.relative(root, file);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return { ok: false, status: 403 };
  return { ok: true, file };
}

/** The request fields the handler reads (Electron passes a fetch Request). */
export type AppRequestLike = { url: string; method: string };

/** Dependencies of the protocol handler. */
export type AppProtocolOptions = {
  rootDir: string;
  readFile: (file: string) => Promise<Uint8Array>;
  /** Header CSP for HTML documents; read per request so a changed server address applies on reload. */
  csp: () => string;
};

/** Builds the `protocol.handle('app', …)` handler that serves the built renderer read-only. */
export function createAppProtocolHandler(options: AppProtocolOptions): (request: AppRequestLike) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
    const target = resolveAppPath(options.rootDir, request.url);
    if (!target.ok) return new Response(null, { status: target.status });
    let body: Uint8Array;
    try {
      body = await options.readFile(target.file);
    } catch {
      return new Response(null, { status: 404 });
    }
    const ext = path.extname(target.file).toLowerCase();
    const headers: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
    };
    if (ext === '.html') {
      headers['Content-Security-Policy'] = options.csp();
      headers['Cache-Control'] = 'no-cache';
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}
