import { MESSAGES, isSystemAccount } from '../../contract/api/runtime';

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

/** What the guard sees: the route (path and query), the stored token and the stored user id. */
export type NavigationInput = { path: string; token: string | null; userId: number | null };

/** What the guard decides: let the navigation through, or send it elsewhere with an optional error toast. */
export type NavigationDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; message?: string };

const allow: NavigationDecision = { kind: 'allow' };
const redirect = (to: string, message?: string): NavigationDecision =>
  message ? { kind: 'redirect', to, message } : { kind: 'redirect', to };

function isSignInPath(pathname: string): boolean {
  return (SIGN_IN_PATHS as readonly string[]).includes(pathname);
}

function belongsToManagement(pathname: string): boolean {
  return pathname.includes('/sysMgr') || (SYSTEM_ACCOUNT_EXTRA_PATHS as readonly string[]).includes(pathname);
}

/** The route guard of spec §5, as a pure function. */
export function decideNavigation({ path, token, userId }: NavigationInput): NavigationDecision {
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
  return allow;
}
