import { Navigate, redirect, type RouteObject } from 'react-router-dom';
import { getToken } from '../lib/storage';
import { AREAS } from './areas';
import { lazyComponent } from './lazy-route';
import { RouteError } from './pages/RouteError';
import { RootShell, guardLoader } from './RootShell';
import { SYS_MGR_ENTRIES } from './sys-mgr-menu';

const page = lazyComponent;

// Index routes redirect in their loader; the element only keeps React Router from warning about a leaf
// without one (and redirects too, should a render ever come first).

/**
 * The bare / redirects to /Transit once signed in. Without a token it leaves the decision to the root guard:
 * the deepest loader's redirect wins, so redirecting here would turn a first visit into a refused /Transit
 * with its 登录信息无效 toast instead of a quiet sign-in page (D36).
 */
function signedInRedirect(to: string) {
  return () => (getToken() ? redirect(to) : null);
}

function Booting() {
  return null;
}

/** Every route of the client (spec §2); each page is its own lazy chunk. */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    loader: guardLoader,
    // The guard runs on every navigation, not only when this route's params change.
    shouldRevalidate: () => true,
    errorElement: <RouteError />,
    // Shown while the first lazy route loads; the page is blank for that instant.
    HydrateFallback: Booting,
    children: [
      // /login shows the server address too (it renders nothing on the web), so the desktop client asks for it
      // on first run wherever the guard, the interceptor or idle logout send the user.
      {
        path: '/login',
        lazy: page(() => import('../features/auth/pages/ClientLoginPage').then((m) => m.ClientLoginPage), 'LoginPage'),
      },
      {
        path: '/clientLogin',
        lazy: page(() => import('../features/auth/pages/ClientLoginPage').then((m) => m.ClientLoginPage), 'ClientLoginPage'),
      },
      { path: '/subLogin', lazy: page(() => import('../features/auth/pages/SubLoginPage').then((m) => m.SubLoginPage), 'SubLoginPage') },
      {
        // Redux and RTK Query load with the signed-in areas only.
        lazy: page(() => import('./StoreLayout').then((m) => m.StoreLayout), 'StoreLayout'),
        children: [
          { path: '/Transit', lazy: page(() => import('./pages/TransitPage').then((m) => m.TransitPage), 'TransitPage') },
          {
            path: '/',
            lazy: page(() => import('./layouts/HomeLayout').then((m) => m.HomeLayout), 'HomeLayout'),
            children: [
              { index: true, loader: signedInRedirect('/Transit'), element: <Navigate to="/Transit" replace /> },
              ...AREAS.map((area) => ({ path: area.path.slice(1), lazy: page(area.load, area.key) })),
            ],
          },
          {
            // One management layout for /sysMgr and /implConfigMgr (spec §2: /implConfigMgr/funcMgr), so its page
            // tabs stay mounted when moving between the two (D54).
            lazy: page(() => import('./layouts/SysMgrLayout').then((m) => m.SysMgrLayout), 'SysMgrLayout'),
            children: [
              { path: '/sysMgr', loader: () => redirect('/sysMgr/index'), element: <Navigate to="/sysMgr/index" replace /> },
              { path: '/implConfigMgr', loader: () => redirect('/sysMgr/index'), element: <Navigate to="/sysMgr/index" replace /> },
              {
                path: '/sysMgr/index',
                lazy: page(() => import('../features/sys-mgr/home/SysMgrHomePage').then((m) => m.SysMgrHomePage), 'SysMgrHomePage'),
              },
              ...SYS_MGR_ENTRIES.map((entry) => ({ path: entry.path, lazy: page(entry.load, entry.title) })),
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('./pages/NotFoundPage').then((m) => m.NotFoundPage), 'NotFoundPage') },
    ],
  },
];
