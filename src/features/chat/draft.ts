import { MAX_USER_INPUT } from '../../../contract/api/runtime';
import { getUserInfo } from '../../lib/storage';

/**
 * The question being typed, kept on this machine per user (D37): it is not a session key, so a sign-out (idle
 * or not) leaves it, and the same user finds it in the question box after the next sign-in. Another user on
 * the same machine never sees it; sending the question removes it.
 */
const PREFIX = 'chatDraft:';

function draftKey(): string | null {
  const id = getUserInfo()?.id;
  return id === undefined || id === null ? null : `${PREFIX}${id}`;
}

/** The signed-in user's saved draft, or ''. */
export function loadDraft(): string {
  const key = draftKey();
  if (!key) return '';
  return (localStorage.getItem(key) ?? '').slice(0, MAX_USER_INPUT);
}

/** Saves (or, when blank, removes) the signed-in user's draft. */
export function saveDraft(text: string): void {
  const key = draftKey();
  if (!key) return;
  try {
    if (text.trim() === '') localStorage.removeItem(key);
    else localStorage.setItem(key, text.slice(0, MAX_USER_INPUT));
  } catch {
    // A full storage only costs the draft's survival, never the typing.
  }
}
