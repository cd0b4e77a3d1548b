import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeFakeBridge } from './testing/fake-bridge';

// src/platform decides desktop or web once, when it is first imported.
async function loadPlatform() {
  vi.resetModules();
  return import('./index');
}

afterEach(() => {
  delete window.desktop;
  vi.restoreAllMocks();
});

describe('platform selection', () => {
  it('with the bridge: upload paths take the native dialog branch', async () => {
    const bridge = makeFakeBridge();
    window.desktop = bridge;
    const inputClick = vi.spyOn(HTMLInputElement.prototype, 'click');
    const mod = await loadPlatform();
    expect(mod.isDesktop).toBe(true);
    expect(mod.platform.kind).toBe('desktop');
    for (const purpose of ['chat', 'testcase', 'knowledge'] as const) {
      const outcome = await mod.pickFiles({ purpose, multiple: true });
      expect(outcome.files[0]).toBeInstanceOf(File);
    }
    expect(bridge.pickFiles.mock.calls.map(([r]) => r)).toEqual([
      { purpose: 'chat', multiple: true },
      { purpose: 'testcase', multiple: true },
      { purpose: 'knowledge', multiple: true },
    ]);
    expect(inputClick).not.toHaveBeenCalled();
    await mod.saveFile({ suggestedName: 'a.csv', data: 'x' });
    expect(bridge.saveFile).toHaveBeenCalledOnce();
    await mod.openExternal('https://example.com/');
    expect(bridge.openExternal).toHaveBeenCalledOnce();
  });

  it('with the bridge: the server address comes from the desktop settings', async () => {
    window.desktop = makeFakeBridge({ address: 'http://10.0.0.5:8080', preset: null, source: 'user' });
    const mod = await loadPlatform();
    await mod.initPlatform();
    expect(mod.apiBaseUrl()).toBe('http://10.0.0.5:8080');
    expect(mod.initialServerAddress()).toMatchObject({ source: 'user' });
  });

  it('without the bridge: upload paths take the web branch', async () => {
    const inputClick = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
      this.dispatchEvent(new Event('cancel'));
    });
    const mod = await loadPlatform();
    expect(mod.isDesktop).toBe(false);
    expect(mod.platform.kind).toBe('web');
    for (const purpose of ['chat', 'testcase', 'knowledge'] as const) {
      expect(await mod.pickFiles({ purpose })).toMatchObject({ canceled: true });
    }
    expect(inputClick).toHaveBeenCalledTimes(3);
  });

  it('without the bridge: the server comes from the runtime configuration', async () => {
    (window as unknown as { __APP_CONFIG__: unknown }).__APP_CONFIG__ = { serverUrl: 'https://kb.corp' };
    const mod = await loadPlatform();
    await mod.initPlatform();
    expect(mod.apiBaseUrl()).toBe('https://kb.corp');
    expect(mod.initialServerAddress()).toBeNull();
    delete (window as unknown as { __APP_CONFIG__?: unknown }).__APP_CONFIG__;
  });
});
