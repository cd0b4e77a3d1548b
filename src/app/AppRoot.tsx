import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { setNavigator } from '../lib/navigation';
import { AppProviders } from './AppProviders';
import type { AppRouter } from './router';
import type { AppStore } from './store';

export type AppRootProps = { store?: AppStore; router: AppRouter };

/** The whole renderer: providers around the router; code outside React navigates through the router. */
export function AppRoot({ store, router }: AppRootProps) {
  useEffect(() => setNavigator((to, options) => void router.navigate(to, options)), [router]);
  return (
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
