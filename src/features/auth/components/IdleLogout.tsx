import { Suspense } from 'react';
import { lazyChunk } from '../../../lib/chunk-load';
import { idleLimitMs } from '../idle-limit';
import { useIdleLogout } from '../useIdleLogout';

// The warning's dialog code is fetched only when a warning is due: the sign-in pages' first paint stays small (D69).
const IdleWarning = lazyChunk(() => import('./IdleWarning').then((m) => m.IdleWarning), 'IdleWarning');

/** The idle logout of spec §4 with its warning (D92), for the current route's `path`. */
export function IdleLogout({ path }: { path: string }) {
  const { warningEndsAt, keepWorking, leave } = useIdleLogout(path, idleLimitMs());
  if (warningEndsAt === null) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarning endsAt={warningEndsAt} onContinue={keepWorking} onLeave={leave} />
    </Suspense>
  );
}
