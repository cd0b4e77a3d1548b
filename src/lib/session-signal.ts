import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, getToken } from './storage';

// Whether this window holds a session. Another tab's sign-in or sign-out arrives as a storage event; this tab's own
// end of a session (the http client's 401/403, the idle logout, 退出登录) is announced here, as localStorage writes
// fire no event in the tab that made them.
const listeners = new Set<() => void>();

/** Tells this tab's subscribers that the session may have ended or begun. */
export function announceSessionChange(): void {
  for (const listener of [...listeners]) listener();
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) onChange();
  };
  listeners.add(onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

const signedIn = () => getToken() !== null;

/** Whether a session is held now, re-read when one ends in this tab or another. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, signedIn);
}
