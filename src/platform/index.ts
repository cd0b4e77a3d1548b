import { readDesktopBridge } from './bridge';
import { createDesktopPlatform } from './desktop-platform';
import type { PickFilesOptions, PickFilesOutcome, Platform, SaveFileOptions, ServerAddressInfo } from './types';
import { createWebPlatform, readWebConfig } from './web-platform';

export type * from './types';
export { describeRejected } from './rejected-files';

const bridge = readDesktopBridge();

/** Whether the renderer runs inside the Electron desktop client. */
export const isDesktop = bridge !== null;

/** The desktop bridge, or its web fallback; the only way the rest of the renderer reaches the platform. */
export const platform: Platform = bridge ? createDesktopPlatform(bridge) : createWebPlatform();

let serverUrl = '';
let serverInfo: ServerAddressInfo | null = null;

/** Prepares the platform before the first render (the desktop reads its server address here). */
export async function initPlatform(): Promise<void> {
  if (!isDesktop) {
    serverUrl = readWebConfig().serverUrl ?? '';
    return;
  }
  try {
    serverInfo = await platform.getServerAddress();
    serverUrl = serverInfo.address ?? '';
  } catch {
    serverInfo = { address: null, preset: null, source: 'none' };
    serverUrl = '';
  }
}

/** Origin of the API server: empty means the page's own origin (web) or not configured yet (desktop first run). */
export function apiBaseUrl(): string {
  return serverUrl;
}

/** The desktop's server address as read at start; null on the web or before initPlatform. */
export function initialServerAddress(): ServerAddressInfo | null {
  return serverInfo;
}

/** Picks files for an upload (chat, test-case generation, knowledge) with the native dialog or the browser's. */
export function pickFiles(options: PickFilesOptions): Promise<PickFilesOutcome> {
  return platform.pickFiles(options);
}

/** Saves an export with the native save dialog or as a browser download. */
export function saveFile(options: SaveFileOptions): Promise<boolean> {
  return platform.saveFile(options);
}

/** Opens an http(s) link in the system browser (desktop) or a new tab (web). */
export function openExternal(url: string): Promise<boolean> {
  return platform.openExternal(url);
}
