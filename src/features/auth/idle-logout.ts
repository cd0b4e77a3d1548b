import { MESSAGES } from '../../../contract/api/errors';
import { navigateTo } from '../../lib/navigation';
import { notify } from '../../lib/notify';
import { signOut } from './session';

/** What happens when the idle time runs out (spec §4): warning, server logout, storage cleared, /login. */
export async function idleLogout(): Promise<void> {
  notify().warning(MESSAGES.idleLogout, 5, 'idle-logout');
  const done = signOut('idle');
  navigateTo('/login', { replace: true });
  await done;
}

/** 退出登录 chosen in the idle warning: the user's own sign-out, so no toast. */
export async function leaveNow(): Promise<void> {
  const done = signOut('user');
  navigateTo('/login', { replace: true });
  await done;
}
