import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk, requestedAddress } from './chunk-load';

afterEach(() => vi.useRealTimers());

describe('lazy chunk loading (spec §8)', () => {
  it('names the type and the requested address of a failed chunk', async () => {
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://kb.local/assets/LoginPage-3f2a.js'));
    const error = await loadChunk(failing, 'LoginPage').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ type: 'error', request: 'http://kb.local/assets/LoginPage-3f2a.js' });
  });

  it('reports a timeout after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => {}), 'ProfilePage').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ type: 'timeout', request: 'ProfilePage' });
  });

  it('finds addresses in other browsers wordings', () => {
    expect(requestedAddress(new Error('error loading dynamically imported module: ./assets/a-1.js'), 'x')).toBe('./assets/a-1.js');
    expect(requestedAddress(new Error('Importing a module script failed.'), 'TransitPage')).toBe('TransitPage');
  });
});
