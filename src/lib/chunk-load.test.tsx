import { act, screen } from '@testing-library/react';
import { render } from '../test/render';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CatchChunkError } from '../test/catch-chunk-error';
import { ChunkLoadError, lazyChunk, loadChunk, requestedAddress } from './chunk-load';

function renderLazy(Piece: ReturnType<typeof lazyChunk>) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <CatchChunkError show={(error) => `${error.type}:${error.request}`}>
      <Suspense fallback={<p>loading</p>}>
        <Piece />
      </Suspense>
    </CatchChunkError>,
  );
}

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

  it('lazyChunk renders the loaded component', async () => {
    const Piece = lazyChunk(() => Promise.resolve(() => <p>loaded piece</p>), 'Piece');
    renderLazy(Piece);
    expect(await screen.findByText('loaded piece')).toBeInTheDocument();
  });

  it('lazyChunk hands a failed load to the error boundary as a typed ChunkLoadError', async () => {
    const Piece = lazyChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://kb.local/assets/X-1.js')), 'X');
    renderLazy(Piece);
    expect(await screen.findByText('error:http://kb.local/assets/X-1.js')).toBeInTheDocument();
  });

  it('lazyChunk times out after 120 s like the routes', async () => {
    vi.useFakeTimers();
    const Piece = lazyChunk(() => new Promise<never>(() => {}), 'ChangePasswordDialog');
    renderLazy(Piece);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(120000));
    expect(screen.getByText('timeout:ChangePasswordDialog')).toBeInTheDocument();
  });
});

describe('the lazy pieces outside the router (spec §8)', () => {
  it.each([
    ['src/features/auth/pages/LoginPage.tsx', 'ChangePasswordDialog'],
    ['src/platform/ServerAddressLink.tsx', 'ServerAddressEditor'],
  ])('%s loads %s through lazyChunk, never React.lazy directly', async (file, label) => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(file, 'utf8');
    expect(source).toMatch(new RegExp(`lazyChunk\\([\\s\\S]*'${label}',?\\s*\\)`));
    expect(source).not.toMatch(/\blazy\(/);
  });
});
