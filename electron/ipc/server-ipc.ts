import { net } from 'electron';
import { normalizeServerAddress } from '../../contract/desktop';
import type { IpcRegistrar } from '../ipc-main';
import type { DesktopConfig } from '../services/desktop-config';
import type { Logger } from '../services/logger';
import { probeServer } from '../services/server-probe';

/** server:get-address, server:set-address (validated, null returns to the preset), server:test-address. */
export function registerServerIpc(ipc: IpcRegistrar, deps: { config: DesktopConfig; log: Logger }): void {
  ipc.handle('getServerAddress', () => deps.config.serverAddress());
  ipc.handle('setServerAddress', (address) => {
    if (address === null) return deps.config.setServerAddress(null);
    const checked = normalizeServerAddress(address);
    if (!checked.ok) throw new Error(checked.message);
    deps.log.info(`server address set to ${checked.address}`);
    return deps.config.setServerAddress(checked.address);
  });
  ipc.handle('testServerAddress', (address) => probeServer(address, (url, init) => net.fetch(url, init)));
}
