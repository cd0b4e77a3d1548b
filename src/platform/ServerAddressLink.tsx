import { Suspense } from 'react';
import { lazyChunk } from '../lib/chunk-load';
import { initialServerAddress, isDesktop, platform } from './index';

// Loaded only on the desktop, so the web's sign-in page does not carry the dialog.
const ServerAddressEditor = lazyChunk(() => import('./ServerAddressEditor').then((m) => m.ServerAddressEditor), 'ServerAddressEditor');

/** On the desktop sign-in page: shows and changes the server address. Renders nothing on the web. */
export function ServerAddressLink() {
  if (!isDesktop) return null;
  return (
    <Suspense fallback={null}>
      <ServerAddressEditor platform={platform} initial={initialServerAddress()} />
    </Suspense>
  );
}
