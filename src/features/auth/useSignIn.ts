import { useState } from 'react';
import { loadChunk } from '../../lib/chunk-load';
import { clearSession, setToken } from '../../lib/storage';
import { serverMessage, ApiError } from '../../lib/http/errors';
import { SIGN_IN_REASON_KEYS, notify } from '../../lib/notify';
import { PASSWORD_MIN_LENGTH } from '../../lib/password-rules';
import { lockedMessage, loginFailureMessage } from './login-errors';
import { saveSession, signOut } from './session';

/**
 * The sign-in calls and the http client under them (transport, interceptors): not needed to draw the sign-in page
 * (D69), so fetched once the user starts filling it in (`prepare`) or, at the latest, on 登录.
 */
const authApi = () => loadChunk(() => import('./api'), 'auth-api');

/** Starts fetching the sign-in calls' code; a failure is left to the sign-in itself to report. */
export function prepareSignIn(): void {
  void authApi().catch(() => undefined);
}

export type Credentials = { username: string; password: string };
/** A sign-in waiting for the forced password change. */
export type ForcedChange = { username: string; minLength: number };

/**
 * The sign-in flow: token → validate → (forced password change) → user-detail → storage.
 * `onSignedIn` gets the account id once the session is stored.
 */
export function useSignIn(onSignedIn: (userId: number) => void) {
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [forced, setForced] = useState<ForcedChange | null>(null);

  async function finish(): Promise<void> {
    const { fetchUserDetail } = await authApi();
    const detail = await fetchUserDetail();
    saveSession(detail);
    // The toast that sent the user here (登录信息无效…) is stale once they are in (D36).
    for (const key of SIGN_IN_REASON_KEYS) notify().dismiss?.(key);
    onSignedIn(detail.user.id);
  }

  async function signIn({ username, password }: Credentials): Promise<void> {
    setLoading(true);
    setError(null);
    try {
      const { requestToken, validateAccount } = await authApi();
      clearSession();
      setToken(await requestToken(username.trim(), password));
      const strategy = await validateAccount(username.trim());
      if (strategy.locked) {
        clearSession();
        setError(lockedMessage(strategy.lockedUntil));
      } else if (strategy.mustChangePassword) {
        setForced({ username: username.trim(), minLength: Math.max(strategy.passwordMinLength, PASSWORD_MIN_LENGTH) });
      } else {
        await finish();
      }
    } catch (e) {
      clearSession();
      setError(loginFailureMessage(e));
    } finally {
      setLoading(false);
    }
  }

  /** Changes the password, signs in again with the new one (the old session may be revoked) and continues. */
  async function completePasswordChange(oldPassword: string, newPassword: string): Promise<string | null> {
    if (!forced) return null;
    const { changePassword, requestToken } = await authApi();
    try {
      await changePassword(forced.username, oldPassword, newPassword);
    } catch (e) {
      return (e instanceof ApiError && serverMessage(e.body)) || '修改密码失败';
    }
    try {
      setToken(await requestToken(forced.username, newPassword));
      setForced(null);
      await finish();
    } catch (e) {
      setForced(null);
      clearSession();
      setError(loginFailureMessage(e));
    }
    return null;
  }

  /** 取消 of the first-login change: ends the half-open session at the server too (no user-detail is stored yet). */
  function cancelPasswordChange(): void {
    const username = forced?.username;
    setForced(null);
    void signOut('user', username);
  }

  return { error, loading, forced, signIn, completePasswordChange, cancelPasswordChange };
}
