import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { loadChunk } from '../lib/chunk-load';
import { onToastsWanted, toastsWanted } from '../lib/notify';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import './global.css';
import type { AppStore } from './store';
import { InjectedStoreContext } from './store-context';

/** Overlays above everything else (spec §9). */
export const OVERLAY_Z_INDEX = 3000;
export type AppProvidersProps = { store?: AppStore; children: ReactNode };

/**
 * The toast holder, fetched when the first toast is asked for (or the signed-in areas load): /login opens without
 * antd's message code (D73). Should its chunk fail to load, the toasts keep waiting rather than break the app.
 */
function Toasts() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted);
  const [Bridge, setBridge] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!wanted || Bridge) return;
    let live = true;
    loadChunk(() => import('./NotifierBridge'), 'NotifierBridge').then(
      (module) => live && setBridge(() => module.NotifierBridge),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, Bridge]);
  return Bridge ? <Bridge /> : null;
}

/**
 * antd in Chinese at size small, without animations when the user asked the system for less motion (D74), the
 * toasts of cross-cutting code, and an injected store (tests). The antd `App` (message, notification and modal
 * hooks) and dayjs in Chinese come with the signed-in areas (StoreLayout), so the sign-in pages load without the
 * modal code or dayjs (the /login bundle budget).
 */
export function AppProviders({ store, children }: AppProvidersProps) {
  const reduceMotion = usePrefersReducedMotion();
  const theme = useMemo(() => ({ token: { zIndexPopupBase: OVERLAY_Z_INDEX, motion: !reduceMotion } }), [reduceMotion]);
  return (
    <InjectedStoreContext.Provider value={store ?? null}>
      <ConfigProvider locale={zhCN} componentSize="small" theme={theme}>
        <Toasts />
        {children}
      </ConfigProvider>
    </InjectedStoreContext.Provider>
  );
}
