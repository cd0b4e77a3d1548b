import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, getToken } from '../lib/storage';

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** The stored token, re-read when another tab signs in or out, so the guard runs again. */
export function useStoredToken(): string | null {
  return useSyncExternalStore(subscribe, getToken);
}
