import { lazy, Suspense } from 'react';
import { initialServerAddress, isDesktop, platform } from './index';

// Loaded only on the desktop, so the web's sign-in page does not carry the dialog.
const ServerAddressEditor = lazy(() => import('./ServerAddressEditor').then((m) => ({ default: m.ServerAddressEditor })));

/** On the desktop sign-in page: shows and changes the server address. Renders nothing on the web. */
export function ServerAddressLink() {
  if (!isDesktop) return null;
  return (
    <Suspense fallback={null}>
      <ServerAddressEditor platform={platform} initial={initialServerAddress()} />
    </Suspense>
  );
}
