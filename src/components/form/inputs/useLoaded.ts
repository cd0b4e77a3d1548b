import { useEffect, useState } from 'react';

/**
 * Runs an async loader whenever `key` changes and keeps the latest answer (answers of stale keys are dropped).
 * A failed load leaves the fallback and reports nothing: the app's http layer shows the error.
 */
export function useLoaded<T>(key: string | null, load: () => Promise<T>, fallback: T): { data: T; loading: boolean } {
  const [state, setState] = useState<{ key: string | null; data: T }>({ key: null, data: fallback });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load().then(
      (data) => live && setState({ key, data }),
      () => live && setState({ key, data: fallback }),
    );
    return () => {
      live = false;
    };
    // load and fallback are recreated each render; the key says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { data: state.key === key ? state.data : fallback, loading: key !== null && state.key !== key };
}
