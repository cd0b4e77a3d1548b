import path from 'node:path';

/** Folder name under the OS application-data directory (ASCII, unlike the product name). */
export const APP_DATA_DIR = 'kb-chat';

/** Where the desktop client keeps and finds its files. */
export type AppPaths = {
  userData: string;
  logs: string;
  settingsFile: string;
  boundsFile: string;
  presetConfigFile: string;
  rendererDir: string;
  preloadFile: string;
};

/**
 * Resolves every path from the OS application-data directory and the folder of the built
 * main process. The IT preset is resources/config.json beside the app when packaged, and the
 * repository's resources/config.json in development.
 */
export function resolveAppPaths(options: {
  appData: string;
  mainDir: string;
  resourcesPath: string;
  isPackaged: boolean;
}): AppPaths {
  const userData = path.join(options.appData, APP_DATA_DIR);
  return {
    userData,
    logs: path.join(userData, 'logs'),
    settingsFile: path.join(userData, 'settings.json'),
    boundsFile: path.join(userData, 'window-state.json'),
    presetConfigFile: options.isPackaged
      ? path.join(options.resourcesPath, 'config.json')
      : path.join(options.mainDir, '..', 'resources', 'config.json'),
    rendererDir: path.join(options.mainDir, 'renderer'),
    preloadFile: path.join(options.mainDir, 'preload.cjs'),
  };
}
