import { useContext } from 'react';
import { Provider } from 'react-redux';
import { Outlet } from 'react-router-dom';
import { makeStore, type AppStore } from './store';
import { InjectedStoreContext } from './store-context';

let appStore: AppStore | undefined;

/**
 * Redux for the signed-in areas. It is a lazy route of its own, so the sign-in pages load without
 * Redux and RTK Query (the /login bundle budget); the store lives as long as the page.
 */
export function StoreLayout() {
  const injected = useContext(InjectedStoreContext);
  const store = injected ?? (appStore ??= makeStore());
  return (
    <Provider store={store}>
      <Outlet />
    </Provider>
  );
}
