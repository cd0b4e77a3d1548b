import { AUTH_PATHS } from '../../../contract/api/paths';
import type { LogoutReason } from '../../../contract/api/auth';
import { clearSession, getToken, getUserInfo } from '../storage';
import { currentRoute, loginRouteFor, navigateTo } from '../navigation';
import { ERROR_TOAST_SECONDS, notify } from '../notify';
import { announceSessionChange } from '../session-signal';
import type { AxiosInstance } from 'axios';

/** What the toast adds when the call that found the session over was a change, not a read (D92). */
export const LOST_ACTION_NOTE = '（刚才的操作未能完成，登录后请再试一次）';

/** The request whose answer ended the session: its method decides whether an action was lost. */
export type EndingRequest = { method?: string; status?: number | null };

/** The instance that carries the logout call: the one whose interceptors end sessions (set as they are installed). */
let client: AxiosInstance | null = null;

export function setSessionEndClient(instance: AxiosInstance): void {
  client = instance;
}

/**
 * Tells the server, best effort, that the client ended this session (D92): a token the client dropped must not stay
 * valid at the server. The call is silent and never ends a session itself; the token is given explicitly as
 * storage is already cleared.
 */
export function tellServerSessionEnded(token: string | null, username: string, reason: LogoutReason): void {
  if (!token || !username || !client) return;
  void client.post(AUTH_PATHS.logout, { username, reason }, { headers: { Authorization: `Bearer ${token}` }, silent: true })
    .catch(() => undefined);
}

/**
 * Whether a refused call carried the session this window holds. A silent call explains its own failures, but its
 * 401/403 on the held session still ends that session (D92): else a silent poll would go on meeting 401s and the
 * page would never leave. Calls with another token (the sign-in pages' hand-over, a logout after storage was
 * cleared) are the caller's business.
 */
export function refusedHeldSession(authorization: string | null | undefined): boolean {
  const token = getToken();
  return token !== null && authorization === `Bearer ${token}`;
}

function reasonOf(status: number | null | undefined): LogoutReason {
  return status === 403 ? 'forbidden' : 'expired';
}

/** Ends the session after 10011039, 401 or 403: toast 5 s, server told, storage cleared, /login with the redirect (spec §8). */
export function endSession(message: string, request: EndingRequest = {}): void {
  const lostAction = request.method !== undefined && !['get', 'head'].includes(request.method.toLowerCase());
  notify().error(lostAction ? `${message}${LOST_ACTION_NOTE}` : message, ERROR_TOAST_SECONDS, 'session-end');
  const route = currentRoute();
  const token = getToken();
  const username = getUserInfo()?.username ?? '';
  clearSession();
  announceSessionChange();
  // Even after a 401 or 10011039: the refused call may have carried another token than the stored one (a hand-over).
  tellServerSessionEnded(token, username, reasonOf(request.status));
  navigateTo(loginRouteFor(route), { replace: true });
}
