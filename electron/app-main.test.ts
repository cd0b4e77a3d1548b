import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_DESKTOP_CHANNELS } from '../contract/desktop';
import { runMain } from './app-main';
import { app, ipcMain, protocol, recorded, resetFakeElectron, session, shell, type FakeBrowserWindow } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));
vi.mock('electron-updater', () => ({ autoUpdater: { on: vi.fn(), checkForUpdates: vi.fn(async () => null), setFeedURL: vi.fn() } }));

let tmp: string;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-main-'));
  resetFakeElectron({ isPackaged: true, appData: tmp });
  Object.defineProperty(process, 'resourcesPath', { value: tmp, configurable: true });
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
  delete process.env.VITE_DEV_SERVER_URL;
});

function onlyWindow(): FakeBrowserWindow {
  expect(recorded.windows).toHaveLength(1);
  return recorded.windows[0];
}

describe('main process', () => {
  it('quits when another instance already runs', async () => {
    app.requestSingleInstanceLock.mockReturnValue(false);
    expect(await runMain()).toBe(false);
    expect(app.quit).toHaveBeenCalled();
    expect(recorded.windows).toHaveLength(0);
    expect(ipcMain.handle).not.toHaveBeenCalled();
  });

  it('registers app:// as a privileged scheme without bypassing CSP, and loads the app from it', async () => {
    await runMain();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: expect.not.objectContaining({ bypassCSP: expect.anything() }) },
    ]);
    expect(protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect(onlyWindow().loadURL).toHaveBeenCalledExactlyOnceWith('app://kb/index.html');
    expect(app.enableSandbox).toHaveBeenCalled();
  });

  it('creates every window with the hardened preferences and no devtools when packaged', async () => {
    await runMain();
    for (const win of recorded.windows) {
      expect(win.options.webPreferences).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        devTools: false,
      });
      expect(String((win.options.webPreferences as { preload: string }).preload)).toMatch(/preload\.cjs$/);
    }
  });

  it('registers exactly the declared IPC channels', async () => {
    await runMain();
    const registered = ipcMain.handle.mock.calls.map(([channel]) => channel).sort();
    expect(registered).toEqual([...ALL_DESKTOP_CHANNELS].sort());
  });

  it('refuses IPC from a forged sender in the running app', async () => {
    await runMain();
    const handler = recorded.ipcHandlers.get('shell:open-external')!;
    await expect(handler({ senderFrame: { url: 'https://evil.example/', parent: null } }, 'https://a.example/')).rejects.toThrow();
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('denies permission requests on the default session', async () => {
    await runMain();
    const [handler] = session.defaultSession.setPermissionRequestHandler.mock.calls[0] as [
      (wc: unknown, permission: string, cb: (ok: boolean) => void, details: unknown) => void,
    ];
    const callback = vi.fn();
    handler({}, 'media', callback, { requestingUrl: 'app://kb/index.html' });
    handler({}, 'geolocation', callback, { requestingUrl: 'app://kb/index.html' });
    expect(callback.mock.calls).toEqual([[false], [false]]);
  });

  it('keeps every web contents on the app and sends http(s) links to the browser', async () => {
    await runMain();
    const contents = onlyWindow().webContents;
    const navigate = (url: string) => {
      const event = { preventDefault: vi.fn(), url };
      for (const l of contents.listeners.get('will-navigate') ?? []) (l as (e: unknown, u: string) => void)(event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('app://kb.evil/index.html')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate('app://kb/index.html#/login')).toBe(false);
    expect(contents.listeners.get('will-redirect')).toHaveLength(1);
    expect(contents.windowOpenHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'app://kb/index.html' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/');
    const webview = { preventDefault: vi.fn() };
    for (const l of contents.listeners.get('will-attach-webview') ?? []) (l as (e: unknown) => void)(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('serves the renderer read-only with traversal refused', async () => {
    await runMain();
    const [, handler] = protocol.handle.mock.calls[0] as [string, (r: Request) => Promise<Response>];
    expect((await handler(new Request('app://kb/..%2f..%2fmain.cjs'))).status).toBe(403);
    expect((await handler(new Request('app://kb/index.html', { method: 'POST', body: 'x' }))).status).toBe(405);
  });

  it('uses the dev server and allows devtools only when not packaged', async () => {
    resetFakeElectron({ isPackaged: false, appData: tmp });
    process.env.VITE_DEV_SERVER_URL = 'http://localhost:5173/';
    await runMain();
    const win = onlyWindow();
    expect(win.loadURL).toHaveBeenCalledWith('http://localhost:5173/');
    expect(win.options.webPreferences).toMatchObject({ devTools: true, sandbox: true, contextIsolation: true });
  });

  it('keeps its data and logs under the app-data folder', async () => {
    await runMain();
    const appData = app.getPath('appData');
    expect(app.getPath('userData')).toBe(path.join(appData, 'kb-chat'));
    expect(app.setAppLogsPath).toHaveBeenCalledWith(path.join(appData, 'kb-chat', 'logs'));
    expect(fs.readFileSync(path.join(appData, 'kb-chat', 'logs', 'main.log'), 'utf8')).toContain('starting');
  });
});
