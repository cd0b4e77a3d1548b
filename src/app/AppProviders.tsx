import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { NotifierBridge } from './NotifierBridge';
import './global.css';
import type { AppStore } from './store';
import { InjectedStoreContext } from './store-context';

dayjs.locale('zh-cn');

/** Overlays above everything else (spec §9). */
export const OVERLAY_Z_INDEX = 3000;
/** Notifications stay 5000 ms (spec §9). */
const NOTIFICATION_SECONDS = 5;

export type AppProvidersProps = { store?: AppStore; children: ReactNode };

/** antd in Chinese at size small, the antd App for message and notification, and an injected store (tests). */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <InjectedStoreContext.Provider value={store ?? null}>
      <ConfigProvider locale={zhCN} componentSize="small" theme={{ token: { zIndexPopupBase: OVERLAY_Z_INDEX } }}>
        <App message={{ maxCount: 3 }} notification={{ duration: NOTIFICATION_SECONDS }}>
          <NotifierBridge />
          {children}
        </App>
      </ConfigProvider>
    </InjectedStoreContext.Provider>
  );
}
