import type { ComponentType } from 'react';
import { loadChunk } from '../lib/chunk-load';

/** A route's `lazy` that loads its component through loadChunk (120 s timeout, typed failure). */
export function lazyComponent(load: () => Promise<ComponentType>, label: string) {
  return async () => ({ Component: await loadChunk(load, label) });
}
