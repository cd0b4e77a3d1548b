import { getUserInfo } from '../../lib/storage';

/** Adds the stored user's id and name to a knowledge payload (spec §7); the server trusts only the session. */
export function withUserInfo<T extends object>(body: T): T & { user_id?: number; user_name?: string } {
  const user = getUserInfo();
  return user ? { ...body, user_id: user.id, user_name: user.username } : body;
}
