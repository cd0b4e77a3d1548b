import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useMemo, type ReactNode } from 'react';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import { NotifierBridge } from './NotifierBridge';
import './global.css';
import type { AppStore } from './store';
import { InjectedStoreContext } from './store-context';

dayjs.locale('zh-cn');

/** Overlays above everything else (spec §9). */
export const OVERLAY_Z_INDEX = 3000;
export type AppProvidersProps = { store?: AppStore; children: ReactNode };

/**
 * antd in Chinese at size small, without animations when the user asked the system for less motion, the toasts of
 * cross-cutting code, and an injected store (tests). The antd
 * `App` (message, notification and modal hooks) comes with the signed-in areas (StoreLayout), so the sign-in
 * pages load without the modal code (the /login bundle budget).
 */
export function AppProviders({ store, children }: AppProvidersProps) {
  const reduceMotion = usePrefersReducedMotion();
  const theme = useMemo(() => ({ token: { zIndexPopupBase: OVERLAY_Z_INDEX, motion: !reduceMotion } }), [reduceMotion]);
  return (
    <InjectedStoreContext.Provider value={store ?? null}>
      <ConfigProvider locale={zhCN} componentSize="small" theme={theme}>
        <NotifierBridge />
        {children}
      </ConfigProvider>
    </InjectedStoreContext.Provider>
  );
}
