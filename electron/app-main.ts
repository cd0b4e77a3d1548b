import fs from 'node:fs/promises';
import { app, BrowserWindow, dialog, protocol, session, shell } from 'electron';
import { autoUpdater } from 'electron-updater';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol';
import { resolveAppPaths } from './app-paths';
import { cspForServer } from './csp';
import { createIpcRegistrar } from './ipc-main';
import { registerAllIpc } from './ipc/register-ipc';
import { guardNavigation } from './navigation-guard';
import { installPermissionHandlers } from './permissions';
import { createDesktopConfig } from './services/desktop-config';
import { createFileLogger } from './services/logger';
import { startUpdateCheck } from './services/updater';
import { createBoundsStore } from './services/window-bounds';
import { APP_ENTRY_URL, APP_SCHEME } from './trusted-url';
import { createMainWindow } from './window-factory';

/**
 * Wires the main process: single instance, privileged app:// scheme, sandbox, permission and
 * navigation policies, IPC, the window and the update check. Returns once started (or false
 * when another instance already runs).
 */
export async function runMain(): Promise<boolean> {
  // Must happen before `ready`.
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  app.enableSandbox();
  const paths = resolveAppPaths({
    appData: app.getPath('appData'),
    mainDir: __dirname,
    resourcesPath: process.resourcesPath,
    isPackaged: app.isPackaged,
  });
  app.setPath('userData', paths.userData);
  app.setAppLogsPath(paths.logs);

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  const log = createFileLogger(paths.logs, !app.isPackaged);
  process.on('uncaughtException', (e) => log.error('uncaught exception', e));
  process.on('unhandledRejection', (e) => log.error('unhandled rejection', e));

  const devServer = app.isPackaged ? null : (process.env.VITE_DEV_SERVER_URL ?? null);
  const devOrigin = devServer ? new URL(devServer).origin : null;
  const config = createDesktopConfig(paths.presetConfigFile, paths.settingsFile);
  const bounds = createBoundsStore(paths.boundsFile);
  let mainWindow: BrowserWindow | null = null;

  const openWindow = () => {
    mainWindow = createMainWindow({
      preloadPath: paths.preloadFile,
      isPackaged: app.isPackaged,
      url: devServer ?? APP_ENTRY_URL,
      bounds,
    });
    mainWindow.on('closed', () => (mainWindow = null));
  };

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) =>
    guardNavigation(contents, { devOrigin, openExternal: (url) => void shell.openExternal(url) }),
  );
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });

  await app.whenReady();
  log.info(`starting ${app.getName()} ${app.getVersion()} (packaged: ${app.isPackaged})`);
  installPermissionHandlers(session.defaultSession, devOrigin);
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      rootDir: paths.rendererDir,
      readFile: (file) => fs.readFile(file),
      csp: () => cspForServer(config.serverAddress().address),
    }),
  );
  const ipc = createIpcRegistrar({ devOrigin, onRefused: (channel, why) => log.warn(`IPC ${channel} refused: ${why}`) });
  registerAllIpc(ipc, { config, log, logsPath: paths.logs, getWindow: () => mainWindow });
  openWindow();

  startUpdateCheck({
    isPackaged: app.isPackaged,
    enabled: config.preset.checkForUpdates,
    feedUrl: config.preset.updateUrl,
    updater: () => autoUpdater,
    log,
    confirm: async (message, detail) => {
      const options = { type: 'info' as const, buttons: ['是', '稍后'], defaultId: 0, cancelId: 1, title: '软件更新', message, detail };
      const answer = mainWindow ? await dialog.showMessageBox(mainWindow, options) : await dialog.showMessageBox(options);
      return answer.response === 0;
    },
  });
  return true;
}
