import { isSystemAccount } from '../../../contract/api/identity-ids';
import type { LogoutReason, UserDetail } from '../../../contract/api';
import { announceSessionChange } from '../../lib/session-signal';
import { handOffDetail } from './detail-handoff';
import {
  clearSession,
  getToken,
  getUserInfo,
  setAllBtn,
  setAllFunc,
  setLastClickTime,
  setUserInfo,
} from '../../lib/storage';

/** Where an account goes after signing in without a redirect (spec §5). */
export function homeFor(userId: number): string {
  return isSystemAccount(userId) ? '/sysMgr' : '/';
}

/** Keeps what user-detail answered in browser storage (spec §3, §4) and starts the idle clock. */
export function saveSession(detail: UserDetail): void {
  setUserInfo(detail.user);
  setAllFunc(detail.allFunc);
  setAllBtn(detail.allBtn);
  setLastClickTime(Date.now());
  handOffDetail(detail);
}

/**
 * Ends the session: tells the server (unless the username is empty), clears storage. Never throws. `username`
 * names the account when storage holds none yet (the first-login password change comes before user-detail).
 */
export async function signOut(reason: LogoutReason = 'user', username = getUserInfo()?.username ?? ''): Promise<void> {
  const token = getToken();
  clearSession();
  announceSessionChange();
  if (!token || !username) return;
  // The http client is not part of the sign-in pages' first paint (D69): it is fetched when needed.
  await import('./api').then(({ requestLogout }) => requestLogout(username, token, reason)).catch(() => undefined);
}
