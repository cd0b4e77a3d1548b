import { app } from 'electron';
import type { IpcRegistrar } from '../ipc-main';

/** app:get-info: name, versions and where the logs are (shown to users reporting a problem). */
export function registerAppIpc(ipc: IpcRegistrar, deps: { logsPath: string }): void {
  ipc.handle('appInfo', () => ({
    name: app.getName(),
    version: app.getVersion(),
    platform: process.platform,
    arch: process.arch,
    electron: process.versions.electron ?? '',
    chrome: process.versions.chrome ?? '',
    packaged: app.isPackaged,
    logsPath: deps.logsPath,
  }));
}
