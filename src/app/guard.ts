import { MESSAGES } from '../../contract/api/errors';
import { isSystemAccount } from '../../contract/api/identity-ids';
import { AREAS } from './areas';
import { SYS_MGR_ENTRIES } from './sys-mgr-menu';

/** Pages reachable without a token (spec §2: login-like paths). */
export const SIGN_IN_PATHS = ['/login', '/subLogin', '/clientLogin'] as const;

/** Where system accounts land and are confined to (spec §5). */
export const SYS_MGR_HOME = '/sysMgr';

/**
 * Management pages outside /sysMgr that the system accounts still own. Function-point management
 * (spec §2) is sysadmin's duty and nobody else may use it, so confining system accounts strictly to
 * "/sysMgr" would leave it unreachable (src/app/README.md).
 */
export const SYSTEM_ACCOUNT_EXTRA_PATHS = ['/implConfigMgr/funcMgr'] as const;

/** Where a system account goes when it opens a management page it does not hold (D27). */
export const SYS_MGR_INDEX = '/sysMgr/index';

/** The notice shown when a page the account does not hold is opened by address or bookmark (D27). */
export const NO_PAGE_ACCESS = '无权访问该页面';

/**
 * Pages that are granted functions (spec §3 allFunc ∪ otherFunc): the management entries and the home areas that
 * are not personal. A path below one of them (e.g. a space's documents) needs the same function.
 */
export const FUNCTION_PAGES: readonly string[] = [
  ...SYS_MGR_ENTRIES.map((entry) => entry.path),
  ...AREAS.filter((area) => !area.personal).map((area) => area.path),
];

/**
 * What the guard sees: the route (path and query), the stored token, the stored user id and the paths the account
 * may open (allFunc ∪ otherFunc, as user-detail stored them).
 */
export type NavigationInput = { path: string; token: string | null; userId: number | null; allowed: ReadonlySet<string> };

/**
 * What the guard decides: let the navigation through, or send it elsewhere with an optional toast (an error for a
 * missing session, a warning for a page the account does not hold).
 */
export type NavigationDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; message?: string; tone?: 'error' | 'warning' };

const allow: NavigationDecision = { kind: 'allow' };
const redirect = (to: string, message?: string): NavigationDecision =>
  message ? { kind: 'redirect', to, message } : { kind: 'redirect', to };
const refused = (to: string): NavigationDecision => ({ kind: 'redirect', to, message: NO_PAGE_ACCESS, tone: 'warning' });

/** The function a path needs, if it is a granted page. */
export function functionOfPath(pathname: string): string | undefined {
  return FUNCTION_PAGES.find((page) => pathname === page || pathname.startsWith(`${page}/`));
}

function isSignInPath(pathname: string): boolean {
  return (SIGN_IN_PATHS as readonly string[]).includes(pathname);
}

function belongsToManagement(pathname: string): boolean {
  return pathname.includes('/sysMgr') || (SYSTEM_ACCOUNT_EXTRA_PATHS as readonly string[]).includes(pathname);
}

/** The route guard of spec §5, as a pure function. */
export function decideNavigation({ path, token, userId, allowed }: NavigationInput): NavigationDecision {
  const pathname = path.split('?')[0] || '/';
  if (!token) {
    if (isSignInPath(pathname)) return allow;
    // The bare address is where a first visit lands: it opens the sign-in page quietly (D36); any other page
    // names why it was refused (spec §5).
    if (pathname === '/') return redirect('/login');
    return redirect(`/login?redirect=${encodeURIComponent(path)}`, MESSAGES.noToken);
  }
  const system = isSystemAccount(userId);
  if (pathname === '/login' || pathname === '/clientLogin') return redirect(system ? SYS_MGR_HOME : '/');
  if (system && !belongsToManagement(pathname) && pathname !== '/subLogin') return redirect(SYS_MGR_HOME);
  // Ordinary accounts have no management duties; the server refuses them there too (src/app/README.md).
  if (!system && belongsToManagement(pathname)) return redirect('/');
  // A page is rendered only when the account holds it, so no page learns of a missing grant from a 403 (D27).
  const needed = functionOfPath(pathname);
  if (needed && !allowed.has(needed)) return refused(system ? SYS_MGR_INDEX : '/');
  return allow;
}
