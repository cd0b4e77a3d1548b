import type { UserInfo } from '../../contract/api';
import { OTHER_FUNC_PATHS } from '../../contract/api/identity-ids';

/** Browser storage keys of spec §3, plus the device-stable visitor id (kept across sessions). */
export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  lastClickTime: 'lastClickTime',
  allFunc: 'allFunc',
  allBtn: 'allBtn',
  otherFunc: 'otherFunc',
  visitorId: 'visitorId',
} as const;

/** Paths every signed-in user may open without a grant (spec §3); the server holds the same list (D27). */
export const DEFAULT_OTHER_FUNC: readonly string[] = OTHER_FUNC_PATHS;

const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.userInfo,
  STORAGE_KEYS.lastClickTime,
  STORAGE_KEYS.allFunc,
  STORAGE_KEYS.allBtn,
  STORAGE_KEYS.otherFunc,
];

function readJson<T>(key: string, fallback: T): T {
  const raw = localStorage.getItem(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

function writeJson(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token) || null;
}
export function setToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

export function getUserInfo(): UserInfo | null {
  return readJson<UserInfo | null>(STORAGE_KEYS.userInfo, null);
}
export function setUserInfo(user: UserInfo): void {
  writeJson(STORAGE_KEYS.userInfo, user);
}

/** Time of the last user activity in ms since the epoch, or null when none was recorded. */
export function getLastClickTime(): number | null {
  const n = Number(localStorage.getItem(STORAGE_KEYS.lastClickTime));
  return Number.isFinite(n) && n > 0 ? n : null;
}
export function setLastClickTime(ms: number): void {
  localStorage.setItem(STORAGE_KEYS.lastClickTime, String(ms));
}

/** Route paths granted to the user. */
export function getAllFunc(): string[] {
  const value = readJson<unknown>(STORAGE_KEYS.allFunc, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
export function setAllFunc(paths: string[]): void {
  writeJson(STORAGE_KEYS.allFunc, paths);
}

/** Button grants keyed `path#code`. */
export function getAllBtn(): Record<string, boolean> {
  const value = readJson<unknown>(STORAGE_KEYS.allBtn, {});
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, boolean>) : {};
}
export function setAllBtn(grants: Record<string, boolean>): void {
  writeJson(STORAGE_KEYS.allBtn, grants);
}

/** Paths allowed without a grant; the spec's defaults when nothing is stored. */
export function getOtherFunc(): string[] {
  const value = readJson<unknown>(STORAGE_KEYS.otherFunc, null);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [...DEFAULT_OTHER_FUNC];
}
export function setOtherFunc(paths: string[]): void {
  writeJson(STORAGE_KEYS.otherFunc, paths);
}

/** Every path the user may open: allFunc ∪ otherFunc. */
export function getAllowedPaths(): Set<string> {
  return new Set([...getAllFunc(), ...getOtherFunc()]);
}

/** Whether the user holds the button `code` on `path` (spec §5). */
export function hasButton(path: string, code: string): boolean {
  return Boolean(getAllBtn()[`${path}#${code}`]);
}

export function getVisitorId(): string | null {
  return localStorage.getItem(STORAGE_KEYS.visitorId);
}
export function setVisitorId(id: string): void {
  localStorage.setItem(STORAGE_KEYS.visitorId, id);
}

/** Removes everything the session stored; the device's visitor id stays. */
export function clearSession(): void {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
}
