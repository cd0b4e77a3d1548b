import { clearSession } from '../storage';
import { currentRoute, loginRouteFor, navigateTo } from '../navigation';
import { ERROR_TOAST_SECONDS, notify } from '../notify';

/** Ends the session after 10011039, 401 or 403: toast 5 s, storage cleared, /login with the redirect (spec §8). */
export function endSession(message: string): void {
  notify().error(message, ERROR_TOAST_SECONDS, 'session-end');
  const route = currentRoute();
  clearSession();
  navigateTo(loginRouteFor(route), { replace: true });
}
