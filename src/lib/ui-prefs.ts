import { useCallback, useState } from 'react';
import { getUserInfo } from './storage';

/**
 * Interface settings kept per user on this machine across sign-ins and reloads (D38): the collapsed side menu
 * and chat panel, and each data table's columns (shown, order, width, sort). One JSON object per user under
 * `uiPrefs:<user id>`, outside the session keys, so signing out keeps them; nothing is kept without a user.
 */
const PREFIX = 'uiPrefs:';

function storageKey(): string | null {
  const id = getUserInfo()?.id;
  return id === undefined || id === null ? null : `${PREFIX}${id}`;
}

function readAll(key: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The signed-in user's setting `name`, or `fallback` when there is none or it is not of the expected kind. */
export function readPref<T>(name: string, fallback: T, valid: (value: unknown) => value is T): T {
  const key = storageKey();
  if (!key) return fallback;
  const value = readAll(key)[name];
  return valid(value) ? value : fallback;
}

/** Keeps the signed-in user's setting `name` (`undefined` removes it). */
export function writePref(name: string, value: unknown): void {
  const key = storageKey();
  if (!key) return;
  const all = readAll(key);
  if (value === undefined) delete all[name];
  else all[name] = value;
  try {
    localStorage.setItem(key, JSON.stringify(all));
  } catch {
    // A full storage only costs the setting's survival.
  }
}

export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** A boolean setting as React state, kept per user. */
export function useBooleanPref(name: string, fallback: boolean): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => readPref(name, fallback, isBoolean));
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      writePref(name, next);
    },
    [name],
  );
  return [value, set];
}
