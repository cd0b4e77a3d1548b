import type { IpcRegistrar } from '../ipc-main';
import { registerAppIpc } from './app-ipc';
import { registerDialogIpc, type DialogIpcDeps } from './dialog-ipc';
import { registerServerIpc } from './server-ipc';
import { registerShellIpc } from './shell-ipc';

/** Registers every bridge handler, domain by domain. */
export function registerAllIpc(ipc: IpcRegistrar, deps: DialogIpcDeps & { logsPath: string }): void {
  registerAppIpc(ipc, deps);
  registerDialogIpc(ipc, deps);
  registerShellIpc(ipc);
  registerServerIpc(ipc, deps);
}
