import type { UserDetail } from '../../../contract/api';

// The user-detail a sign-in just fetched, handed to the first page that asks for it (the 欢迎 card, 个人中心), so
// signing in asks the server once, not twice (issue 27 item 8). Taken once: later asks go to the server.
let handed: UserDetail | null = null;

export function handOffDetail(detail: UserDetail): void {
  handed = detail;
}

/** The detail a sign-in left, once; null afterwards. */
export function takeHandedDetail(): UserDetail | null {
  const detail = handed;
  handed = null;
  return detail;
}
