import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { NotifierBridge } from './NotifierBridge';
import './global.css';
import type { AppStore } from './store';
import { InjectedStoreContext } from './store-context';

/** Overlays above everything else (spec §9). */
export const OVERLAY_Z_INDEX = 3000;
export type AppProvidersProps = { store?: AppStore; children: ReactNode };

/**
 * antd in Chinese at size small, the toasts of cross-cutting code, and an injected store (tests). The antd
 * `App` (message, notification and modal hooks) and dayjs in Chinese come with the signed-in areas (StoreLayout),
 * so the sign-in pages load without the modal code or dayjs (the /login bundle budget).
 */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <InjectedStoreContext.Provider value={store ?? null}>
      <ConfigProvider locale={zhCN} componentSize="small" theme={{ token: { zIndexPopupBase: OVERLAY_Z_INDEX } }}>
        <NotifierBridge />
        {children}
      </ConfigProvider>
    </InjectedStoreContext.Provider>
  );
}
