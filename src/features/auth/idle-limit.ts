import { DEFAULT_IDLE_MS, readRuntimeConfig } from '../../lib/runtime-config';

// The server's idle setting as the token answer's expires_in told it at the last sign-in (D92). Kept apart from the
// session keys: it is a setting, not a secret, and a hand-over sign-in (subLogin) gets no token answer to read.
const KEY = 'idleLimitMs';

/** Keeps the server's idle limit (expires_in, seconds) from a token answer; anything unusable is ignored. */
export function rememberServerIdle(expiresInSeconds: unknown): void {
  if (typeof expiresInSeconds !== 'number' || !Number.isFinite(expiresInSeconds) || expiresInSeconds <= 0) return;
  try {
    localStorage.setItem(KEY, String(Math.round(expiresInSeconds * 1000)));
  } catch {
    // A full storage leaves the spec's default in force.
  }
}

/** The idle limit in ms: the server's setting (the spec's 600000 until one is known), shortened by a runtime timeDifference. */
export function idleLimitMs(timeDifference: number | null = readRuntimeConfig().timeDifference): number {
  const stored = Number(localStorage.getItem(KEY));
  const server = Number.isFinite(stored) && stored > 0 ? stored : DEFAULT_IDLE_MS;
  return timeDifference === null ? server : Math.min(server, timeDifference);
}
