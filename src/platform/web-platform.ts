import { externalUrlOrNull, type FilePurpose, type ServerAddressInfo } from '../../contract/desktop';
import { messages } from './messages';
import type { Platform } from './types';
import { downloadWeb, pickFilesWeb } from './web-files';

/** Runtime configuration of the web build (public/config.js, editable by IT without rebuilding). */
export type WebRuntimeConfig = { serverUrl?: string; maxUploadMB?: Partial<Record<FilePurpose, number>> };

/** The runtime configuration, or an empty one. */
export function readWebConfig(): WebRuntimeConfig {
  return (window as unknown as { __APP_CONFIG__?: WebRuntimeConfig }).__APP_CONFIG__ ?? {};
}

/** The platform in a browser: hidden file input, Blob download, window.open; the server is the configured or own origin. */
export function createWebPlatform(config: WebRuntimeConfig = readWebConfig()): Platform {
  const serverInfo = (): ServerAddressInfo => {
    const address = config.serverUrl || window.location.origin;
    return { address, preset: address, source: 'preset' };
  };
  return {
    kind: 'web',
    pickFiles: (options) => pickFilesWeb(options, config.maxUploadMB ?? {}),
    saveFile: async (options) => downloadWeb(options),
    async openExternal(raw) {
      const url = externalUrlOrNull(raw);
      if (url === null) return false;
      window.open(url, '_blank', 'noopener,noreferrer');
      return true;
    },
    appInfo: async () => null,
    getServerAddress: async () => serverInfo(),
    setServerAddress: async () => {
      throw new Error(messages.webCannotChangeServer);
    },
    testServerAddress: async () => ({ ok: false, status: null, message: messages.webCannotChangeServer }),
  };
}
