import { useEffect } from 'react';
import { Navigate, Outlet, redirect, useLocation, type LoaderFunctionArgs } from 'react-router-dom';
import { IdleLogout } from '../features/auth/components/IdleLogout';
import { ERROR_TOAST_SECONDS, notify } from '../lib/notify';
import { getAllowedPaths, getToken, getUserInfo } from '../lib/storage';
import { decideNavigation } from './guard';
import { useStoredToken } from './useStoredToken';

/** A page the account does not hold is a short notice, not an error. */
const NOTICE_SECONDS = 3;

function showGuardMessage(message: string, tone: 'error' | 'warning' = 'error'): void {
  // Keyed, so the loader and the render-time check show one toast.
  notify()[tone](message, tone === 'error' ? ERROR_TOAST_SECONDS : NOTICE_SECONDS, 'guard');
}

/**
 * The guard of spec §5 as the root route's loader: it runs before every navigation commits, so a redirect
 * cannot race a lazy route still loading for an earlier navigation (a render-time `<Navigate>` alone could
 * be overtaken by it and leave a system account on `/`).
 */
export function guardLoader({ request }: LoaderFunctionArgs): null {
  const url = new URL(request.url);
  const decision = decideNavigation({
    path: url.pathname + url.search,
    token: getToken(),
    userId: getUserInfo()?.id ?? null,
    allowed: getAllowedPaths(),
  });
  if (decision.kind === 'allow') return null;
  if (decision.message) showGuardMessage(decision.message, decision.tone);
  throw redirect(decision.to);
}

/** Runs the guard of spec §5 on every render too (a token changed by another tab) and the idle logout of spec §4. */
export function RootShell() {
  const location = useLocation();
  const path = location.pathname + location.search;
  const token = useStoredToken();
  const decision = decideNavigation({ path, token, userId: getUserInfo()?.id ?? null, allowed: getAllowedPaths() });
  const message = decision.kind === 'redirect' ? decision.message : undefined;
  const tone = decision.kind === 'redirect' ? decision.tone : undefined;

  useEffect(() => {
    // Keyed, so a repeated effect (StrictMode, quick retries) shows one toast.
    if (message) showGuardMessage(message, tone);
  }, [message, tone, location.key]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <>
      <IdleLogout path={location.pathname} />
      <Outlet />
    </>
  );
}
