import type { DesktopBridge, PickedFile } from '../../contract/desktop';
import { blobBytes } from './blob-bytes';
import type { Platform } from './types';

function toFile(picked: PickedFile): File {
  // IPC delivers a Uint8Array over a plain ArrayBuffer.
  return new File([picked.bytes as Uint8Array<ArrayBuffer>], picked.name, { type: picked.type });
}

async function toBytes(data: Blob | Uint8Array | string): Promise<Uint8Array | string> {
  return data instanceof Blob ? blobBytes(data) : data;
}

/** The platform inside the Electron client: native dialogs and the main process over the bridge. */
export function createDesktopPlatform(bridge: DesktopBridge): Platform {
  return {
    kind: 'desktop',
    async pickFiles({ purpose, multiple = false, accept }) {
      const result = await bridge.pickFiles(accept ? { purpose, multiple, accept } : { purpose, multiple });
      return { canceled: result.canceled, files: result.files.map(toFile), rejected: result.rejected, maxBytes: result.maxBytes };
    },
    async saveFile({ suggestedName, data, filters }) {
      const request = { suggestedName, data: await toBytes(data), ...(filters ? { filters } : {}) };
      return (await bridge.saveFile(request)).saved;
    },
    openExternal: (url) => bridge.openExternal(url),
    appInfo: () => bridge.appInfo(),
    getServerAddress: () => bridge.getServerAddress(),
    setServerAddress: (address) => bridge.setServerAddress(address),
    testServerAddress: (address) => bridge.testServerAddress(address),
  };
}
