import { lazy, type ComponentType } from 'react';

/** Lazy chunks that have not arrived after this long are reported as a timeout (spec §9). */
export const CHUNK_TIMEOUT_MS = 120000;

/** A lazy route's code could not be loaded (spec §8): how it failed and what was requested. */
export class ChunkLoadError extends Error {
  readonly type: 'error' | 'timeout';
  readonly request: string;

  constructor(type: 'error' | 'timeout', request: string) {
    super(`Loading chunk failed (${type}: ${request})`);
    this.name = 'ChunkLoadError';
    this.type = type;
    this.request = request;
  }
}

/** The address a failed dynamic import names in its message (Chromium, Firefox and Safari wordings). */
export function requestedAddress(error: unknown, fallback: string): string {
  const text = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/|file:\/\/)\S+|\.{0,2}\/\S+\.(m?js|css)/.exec(text)?.[0] ?? fallback;
}

/** Loads a chunk, turning a failure or a 120 s wait into a ChunkLoadError; `label` names the chunk. */
export function loadChunk<T>(load: () => Promise<T>, label: string, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout', label)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('error', requestedAddress(error, label)));
      },
    );
  });
}

/**
 * React.lazy through loadChunk: the lazy pieces outside the router (the change-password dialog, the
 * desktop's server-address editor) get the routes' 120 s timeout and typed ChunkLoadError (spec §8), which
 * the enclosing route's error element shows.
 */
export function lazyChunk<P extends object>(load: () => Promise<ComponentType<P>>, label: string) {
  return lazy(() => loadChunk(load, label).then((Component) => ({ default: Component })));
}
