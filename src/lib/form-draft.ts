import { getUserInfo } from './storage';

/**
 * Text typed into a form dialog, kept on this machine per user like the chat draft (D37, D92): a session that ends
 * under an open dialog (idle logout, 401/403) does not lose it, and the same user finds it in the same dialog after
 * signing in again. Another user never sees it; saving or cancelling the dialog removes it. Passwords are never kept.
 */
const PREFIX = 'formDraft:';
const MAX_CHARS = 20_000;

function keyOf(name: string): string | null {
  const id = getUserInfo()?.id;
  return id === undefined || id === null ? null : `${PREFIX}${id}:${name}`;
}

/** The signed-in user's draft of the form `name`, or null. */
export function loadFormDraft(name: string): Record<string, unknown> | null {
  const key = keyOf(name);
  const raw = key ? localStorage.getItem(key) : null;
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Keeps the form's values (without `secret` fields) as the signed-in user's draft of `name`. */
export function saveFormDraft(name: string, values: Record<string, unknown>, secret: ReadonlySet<string> = new Set()): void {
  const key = keyOf(name);
  if (!key) return;
  const kept = Object.fromEntries(Object.entries(values).filter(([k, v]) => !secret.has(k) && v !== undefined));
  const text = JSON.stringify(kept);
  try {
    if (text.length > MAX_CHARS) return;
    localStorage.setItem(key, text);
  } catch {
    // A full storage only costs the draft's survival, never the typing.
  }
}

/** Removes the signed-in user's draft of `name` (the dialog was saved or cancelled). */
export function dropFormDraft(name: string): void {
  const key = keyOf(name);
  if (key) localStorage.removeItem(key);
}
