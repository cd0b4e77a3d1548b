import { shell } from 'electron';
import { openExternalSafely } from '../external-links';
import type { IpcRegistrar } from '../ipc-main';

/** shell:open-external: http(s) links only, in the system browser. */
export function registerShellIpc(ipc: IpcRegistrar): void {
  ipc.handle('openExternal', (url) => openExternalSafely(url, (safe) => shell.openExternal(safe)));
}
