import { App } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useContext } from 'react';
import { Provider } from 'react-redux';
import { Outlet } from 'react-router-dom';
import { FormServicesProvider } from '../components/form/services';
import { appFormServices } from '../lib/form-services';
import { wantToasts } from '../lib/notify';
import { makeStore, type AppStore } from './store';
import { InjectedStoreContext } from './store-context';

// Dates in Chinese (spec §9: pickers' month and weekday names, weeks from Monday). Every page that shows or picks a
// date is a signed-in one, below this layout; the sign-in pages load without dayjs (D73).
dayjs.locale('zh-cn');
// Toasts are common once signed in: draw the holder now (its code shares antd's message with the App below).
wantToasts();

let appStore: AppStore | undefined;

/** Notifications stay 5000 ms (spec §9). */
const NOTIFICATION_SECONDS = 5;

/**
 * Redux and the antd App (message, notification and modal hooks: `App.useApp()`) for the signed-in areas. It is a lazy route of its own, so the sign-in pages load without
 * Redux and RTK Query (the /login bundle budget); the store lives as long as the page.
 */
export function StoreLayout() {
  const injected = useContext(InjectedStoreContext);
  const store = injected ?? (appStore ??= makeStore());
  return (
    <Provider store={store}>
      <App message={{ maxCount: 3 }} notification={{ duration: NOTIFICATION_SECONDS }}>
        <FormServicesProvider services={appFormServices}>
          <Outlet />
        </FormServicesProvider>
      </App>
    </Provider>
  );
}
