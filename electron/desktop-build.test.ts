import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDesktopConfig } from '../vite.desktop.config';
import { ALL_DESKTOP_CHANNELS, DESKTOP_CHANNELS } from '../contract/desktop';
import * as fakeElectron from './test-support/fake-electron';

// Builds the desktop app (renderer, main, preload) into a temporary folder with Vite's API,
// exactly as `npm run build:desktop` does, and inspects what would ship.
let out: string;

beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-desktop-build-'));
  await build({ ...createDesktopConfig(out, 'error'), configFile: false });
}, 240_000);
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** Runs a CommonJS file in a fresh context with a stub `require`, as Electron's sandboxed preload loader would. */
function runCommonJs(file: string, modules: Record<string, unknown>, fallback?: (id: string) => unknown) {
  const module = { exports: {} };
  const require = (id: string) => {
    if (id in modules) return modules[id];
    if (fallback) return fallback(id);
    throw new Error(`unexpected require(${id})`);
  };
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${fs.readFileSync(file, 'utf8')}\n})`);
  wrapper(module.exports, require, module, file, path.dirname(file));
  return module.exports;
}

function cspOf(html: string): Map<string, string[]> {
  const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html);
  if (!match) throw new Error('no CSP meta tag');
  const policy = match[1].replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  return new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).filter((p) => p[0]).map(([name, ...values]) => [name, values]));
}

describe('the desktop build', () => {
  it('emits the preload as CommonJS that exposes only the bridge', () => {
    const file = path.join(out, 'preload.cjs');
    const code = fs.readFileSync(file, 'utf8');
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    const exposeInMainWorld = vi.fn();
    runCommonJs(file, { electron: { contextBridge: { exposeInMainWorld }, ipcRenderer: { invoke: vi.fn() } } });
    expect(exposeInMainWorld).toHaveBeenCalledOnce();
    const [key, api] = exposeInMainWorld.mock.calls[0];
    expect(key).toBe('desktop');
    expect(Object.keys(api).sort()).toEqual(Object.keys(DESKTOP_CHANNELS).sort());
  });

  it('emits the main process as CommonJS with its package.json', () => {
    const code = fs.readFileSync(path.join(out, 'main.cjs'), 'utf8');
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    expect(code).not.toContain('import.meta');
    expect(code).toContain('require("electron")');
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({ main: 'main.cjs', name: 'kb-chat' });
    expect(manifest.dependencies).toBeUndefined();
  });

  it('starts the built main against a stand-in Electron: one hardened window, every channel registered', async () => {
    const appData = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-built-main-'));
    fakeElectron.resetFakeElectron({ isPackaged: true, appData });
    Object.defineProperty(process, 'resourcesPath', { value: appData, configurable: true });
    // The IT preset beside the app; no update check, so nothing reaches for the network.
    fs.writeFileSync(path.join(appData, 'config.json'), JSON.stringify({ serverUrl: 'http://10.0.0.5:8080', checkForUpdates: false }));
    const file = path.join(out, 'main.cjs');
    runCommonJs(file, { electron: fakeElectron }, createRequire(file));
    await vi.waitFor(() => expect(fakeElectron.recorded.windows).toHaveLength(1));
    const [win] = fakeElectron.recorded.windows;
    expect(win.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, devTools: false });
    expect(win.loadURL).toHaveBeenCalledWith('app://kb/index.html');
    expect([...fakeElectron.recorded.ipcHandlers.keys()].sort()).toEqual([...ALL_DESKTOP_CHANNELS].sort());
    const [, serve] = fakeElectron.protocol.handle.mock.calls[0] as [string, (r: Request) => Promise<Response>];
    const index = await serve(new Request('app://kb/index.html'));
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toContain("connect-src 'self' http://10.0.0.5:8080;");
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self';");
    fs.rmSync(appData, { recursive: true, force: true });
  });

  it('gives the built index.html a CSP without unsafe-inline or unsafe-eval for scripts', () => {
    const html = fs.readFileSync(path.join(out, 'renderer', 'index.html'), 'utf8');
    const csp = cspOf(html);
    const scripts = csp.get('script-src') ?? csp.get('default-src');
    expect(scripts).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
    // No inline script the policy would have to allow.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toContain('file://');
  });

  it('loads renderer assets relative to the app:// origin', () => {
    const html = fs.readFileSync(path.join(out, 'renderer', 'index.html'), 'utf8');
    for (const [, src] of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) {
      expect(src).toMatch(/^\.\//);
      expect(fs.existsSync(path.join(out, 'renderer', src))).toBe(true);
    }
  });
});
