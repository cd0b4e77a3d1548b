import type { App } from '../app';
import { AUTH_PATHS } from '../../contract/api';

/** The token call's URL for a username and password. */
export function tokenUrl(username: string, password: string): string {
  const q = new URLSearchParams({ grant_type: 'password', username, password });
  return `${AUTH_PATHS.token}?${q.toString()}`;
}

/** Signs in and returns the access token; fails the test when sign-in fails. */
export async function signIn(app: App, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: tokenUrl(username, password) });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}

/** The Authorization header for a token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** GET user-detail with a token; the status tells whether the session is still valid. */
export async function userDetailStatus(app: App, token: string): Promise<{ status: number; code: unknown }> {
  const res = await app.inject({ method: 'GET', url: AUTH_PATHS.userDetail, headers: bearer(token) });
  return { status: res.statusCode, code: (res.json() as { code: unknown }).code };
}
