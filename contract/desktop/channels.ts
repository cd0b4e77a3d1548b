/**
 * IPC channel registry of the desktop bridge, `domain:action`.
 * Each key is also the name of the matching DesktopBridge method.
 */
export const DESKTOP_CHANNELS = {
  appInfo: 'app:get-info',
  pickFiles: 'dialog:pick-files',
  saveFile: 'dialog:save-file',
  openExternal: 'shell:open-external',
  getServerAddress: 'server:get-address',
  setServerAddress: 'server:set-address',
  testServerAddress: 'server:test-address',
} as const;

/** Name of a DesktopBridge method (and key of DESKTOP_CHANNELS). */
export type DesktopMethod = keyof typeof DESKTOP_CHANNELS;

/** One declared IPC channel name. */
export type DesktopChannel = (typeof DESKTOP_CHANNELS)[DesktopMethod];

/** Every declared channel, for registration checks. */
export const ALL_DESKTOP_CHANNELS: readonly DesktopChannel[] = Object.values(DESKTOP_CHANNELS);
