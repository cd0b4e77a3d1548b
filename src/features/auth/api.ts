import { AUTH_PATHS } from '../../../contract/api/runtime';
import type { AccountStrategy, LogoutReason, PlatformResult, TokenResponse, UserDetail } from '../../../contract/api';
import { http, unwrapPlatform } from '../../lib/http';
import { visitorId } from '../../lib/fingerprint';
import { encryptPasswords } from './login-cipher';
import { rememberServerIdle } from './idle-limit';

// Sign-in calls are silent: the sign-in screen explains failures itself (spec §8, login rows).

/** Password grant: the access token for the credentials; the password goes encrypted (D91), never in clear. */
export async function requestToken(username: string, password: string): Promise<string> {
  const sealed = await encryptPasswords(username, { password });
  const params = { grant_type: 'password', username, password: sealed.password };
  const response = await http.get<TokenResponse>(AUTH_PATHS.token, { params, silent: true });
  rememberServerIdle(response.data.expires_in);
  return response.data.access_token;
}

/** Account strategy of the signed-in account: locked, must change password. */
export async function validateAccount(username: string): Promise<AccountStrategy> {
  const response = await http.post<PlatformResult<AccountStrategy>>(AUTH_PATHS.validate, { username }, { silent: true });
  return unwrapPlatform(response.data);
}

/** Profile, roles, clearance and access of the session; `token` overrides the stored one (portal hand-over). */
export async function fetchUserDetail(token?: string): Promise<UserDetail> {
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const params = { visitorId: visitorId() };
  const response = await http.get<PlatformResult<UserDetail>>(AUTH_PATHS.userDetail, { params, headers, silent: true });
  return unwrapPlatform(response.data);
}

/** Changes the signed-in user's own password (first sign-in); both passwords go encrypted (D91). */
export async function changePassword(username: string, oldPassword: string, newPassword: string): Promise<void> {
  const body = await encryptPasswords(username, { oldPassword, newPassword });
  await http.put(AUTH_PATHS.password, body, { silent: true });
}

/** Tells the server to end the session; the token is passed explicitly as storage may already be cleared. */
export async function requestLogout(username: string, token: string, reason: LogoutReason = 'user'): Promise<void> {
  await http.post(AUTH_PATHS.logout, { username, reason }, { headers: { Authorization: `Bearer ${token}` }, silent: true });
}

/** A cheap signed-in call that tells the server the user is still there (its idle clock, D92). */
export async function touchSession(): Promise<void> {
  await http.get(AUTH_PATHS.profile, { silent: true });
}
