import type { UserDetail } from '../../contract/api';
import { setAllBtn, setAllFunc, setLastClickTime, setToken, setUserInfo } from '../lib/storage';

/** Stores a session as a sign-in would. */
export function saveSessionForTest(detail: UserDetail, token = 'tok-1'): void {
  setToken(token);
  setUserInfo(detail.user);
  setAllFunc(detail.allFunc);
  setAllBtn(detail.allBtn);
  setLastClickTime(Date.now());
}
