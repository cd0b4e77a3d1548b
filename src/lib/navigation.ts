/** Navigation usable outside React (interceptor, idle logout); the app installs the router's navigate. */
export type Navigator = (to: string, options?: { replace?: boolean }) => void;

/** The hash route of the page: path and query, e.g. `/profile?tab=1`. */
export function currentRoute(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash.startsWith('/') ? hash : '/';
}

/** Whether two routes are the same place (a trailing slash does not count). */
export function isSameRoute(a: string, b: string): boolean {
  const norm = (r: string) => {
    const [path, query = ''] = r.split('?');
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    return `${trimmed}?${query}`;
  };
  return norm(a) === norm(b);
}

const hashNavigator: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(`#${to}`);
  else window.location.hash = `#${to}`;
};

let current: Navigator = hashNavigator;

/** Installs the navigator (the router's navigate); returns a restore function. */
export function setNavigator(next: Navigator): () => void {
  const previous = current;
  current = next;
  return () => {
    current = previous;
  };
}

/** Goes to `to`; a navigation to the current route is ignored (spec §2: duplicate navigation). */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (isSameRoute(currentRoute(), to)) return;
  current(to, options);
}

/** `/login` with the current route as `redirect`, unless already on a sign-in page. */
export function loginRouteFor(route: string): string {
  const path = route.split('?')[0];
  if (path === '/login' || path === '/subLogin' || path === '/clientLogin' || path === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(route)}`;
}
