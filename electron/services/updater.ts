import type { Logger } from './logger';

/** The part of electron-updater's autoUpdater this module uses. */
export type UpdaterLike = {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(): void;
};

/** Inputs of the start-up update check. */
export type UpdateCheckOptions = {
  isPackaged: boolean;
  enabled: boolean;
  /** Feed from resources/config.json; null keeps the one electron-builder wrote into the app. */
  feedUrl: string | null;
  updater: () => UpdaterLike;
  /** Asks the user (a native message box in the app); resolves true for yes. */
  confirm: (message: string, detail: string) => Promise<boolean>;
  log: Logger;
};

/**
 * Checks the generic update feed once at start and offers the update to the user:
 * download on consent, then restart-and-install on consent. A no-op unless packaged and
 * enabled, so development and tests never touch the updater.
 */
export function startUpdateCheck(options: UpdateCheckOptions): boolean {
  if (!options.isPackaged || !options.enabled) return false;
  const { log, confirm } = options;
  const updater = options.updater();
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = true;
  if (options.feedUrl) updater.setFeedURL({ provider: 'generic', url: options.feedUrl });
  updater.on('error', (error) => log.warn(`update check failed: ${error.message}`));
  updater.on('update-available', (info) => {
    log.info(`update available: ${info.version}`);
    void confirm(`发现新版本 ${info.version}`, '是否现在下载？下载完成后会提示安装。').then((yes) =>
      yes ? updater.downloadUpdate().catch((e: unknown) => log.error('update download failed', e)) : undefined,
    );
  });
  updater.on('update-downloaded', (info) => {
    log.info(`update downloaded: ${info.version}`);
    void confirm(`新版本 ${info.version} 已下载`, '是否立即重启并安装？选择“稍后”将在退出时安装。').then((yes) => {
      if (yes) updater.quitAndInstall();
    });
  });
  updater.checkForUpdates().catch((e: unknown) => log.warn(`update check failed: ${String(e)}`));
  return true;
}
