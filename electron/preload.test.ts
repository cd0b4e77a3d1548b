import { describe, expect, it, vi } from 'vitest';
import { DESKTOP_CHANNELS, type DesktopBridge } from '../contract/desktop';
import { contextBridge, ipcRenderer, recorded } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

describe('preload', () => {
  it('exposes exactly the bridge as window.desktop, over named invoke channels', async () => {
    await import('./preload');
    expect(contextBridge.exposeInMainWorld).toHaveBeenCalledOnce();
    expect([...recorded.exposed.keys()]).toEqual(['desktop']);
    const api = recorded.exposed.get('desktop') as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual(Object.keys(DESKTOP_CHANNELS).sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');

    const bridge = api as DesktopBridge;
    const calls: [keyof DesktopBridge, unknown[]][] = [
      ['appInfo', []],
      ['pickFiles', [{ purpose: 'chat', multiple: true }]],
      ['saveFile', [{ suggestedName: 'a.xlsx', data: new Uint8Array([1]) }]],
      ['openExternal', ['https://example.com/']],
      ['getServerAddress', []],
      ['setServerAddress', ['http://10.0.0.5:8080']],
      ['testServerAddress', ['http://10.0.0.5:8080']],
    ];
    for (const [method, args] of calls) {
      ipcRenderer.invoke.mockClear();
      await (bridge[method] as (...a: unknown[]) => Promise<unknown>)(...args);
      expect(ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(DESKTOP_CHANNELS[method], ...args);
    }
  });

  it('never passes a caller-chosen channel through', async () => {
    await import('./preload');
    const api = recorded.exposed.get('desktop') as Record<string, (...a: unknown[]) => unknown>;
    ipcRenderer.invoke.mockClear();
    await api.openExternal('app:get-info');
    expect(ipcRenderer.invoke).toHaveBeenCalledWith('shell:open-external', 'app:get-info');
  });
});
