import { describe, expect, it } from 'vitest';
import { createWebPreferences } from './web-preferences';

describe('createWebPreferences', () => {
  it('sets every security option explicitly', () => {
    const prefs = createWebPreferences({ preloadPath: '/app/preload.cjs', isPackaged: true });
    expect(prefs).toEqual({
      preload: '/app/preload.cjs',
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
      devTools: false,
    });
    expect(Object.isFrozen(prefs)).toBe(true);
  });

  it('allows devtools only in development', () => {
    expect(createWebPreferences({ preloadPath: 'p', isPackaged: false }).devTools).toBe(true);
    expect(createWebPreferences({ preloadPath: 'p', isPackaged: true }).devTools).toBe(false);
  });
});
