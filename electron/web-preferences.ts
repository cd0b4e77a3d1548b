import type { WebPreferences } from 'electron';

/** Inputs of the window's security settings. */
export type WebPreferencesOptions = { preloadPath: string; isPackaged: boolean };

/**
 * Security settings of every window, written out explicitly even where Electron's default
 * is already safe, so a test and a reviewer can see each one.
 */
export function createWebPreferences({ preloadPath, isPackaged }: WebPreferencesOptions): Readonly<WebPreferences> {
  return Object.freeze({
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: !isPackaged,
  });
}
