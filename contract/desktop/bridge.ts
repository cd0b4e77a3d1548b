import type { DesktopMethod } from './channels';

/** Why files are picked: decides the file-type filter and the size limit. */
export type FilePurpose = 'chat' | 'testcase' | 'knowledge';

/** Arguments of a native open dialog. */
export type PickFilesRequest = {
  purpose: FilePurpose;
  /** Allow selecting several files (default false). */
  multiple?: boolean;
  /** Extensions without dot narrowing the purpose's own list (e.g. only spreadsheets); never widens it. */
  accept?: string[];
};

/** A file read by the main process after the user picked it. */
export type PickedFile = { name: string; type: string; size: number; bytes: Uint8Array };

/** A picked file that was not read, with the reason. */
export type RejectedFile = { name: string; size: number; reason: 'too-large' | 'type' | 'unreadable' };

/** Result of a native open dialog. */
export type PickFilesResult = { canceled: boolean; files: PickedFile[]; rejected: RejectedFile[]; maxBytes: number };

/** A filter of the save dialog. */
export type SaveFilter = { name: string; extensions: string[] };

/** Arguments of a native save dialog for exports. */
export type SaveFileRequest = { suggestedName: string; data: Uint8Array | string; filters?: SaveFilter[] };

/** Result of a save dialog: saved is false when the user cancelled. */
export type SaveFileResult = { saved: boolean; fileName: string | null };

/** Facts about the running desktop client. */
export type AppInfo = {
  name: string;
  version: string;
  platform: string;
  arch: string;
  electron: string;
  chrome: string;
  packaged: boolean;
  logsPath: string;
};

/** Where the effective server address comes from. */
export type ServerAddressSource = 'user' | 'preset' | 'none';

/** The server address: the user's choice, else IT's preset, else none (first run). */
export type ServerAddressInfo = { address: string | null; preset: string | null; source: ServerAddressSource };

/** Outcome of probing a server address. */
export type ServerTestResult = { ok: boolean; status: number | null; message: string };

/** What the preload exposes as `window.desktop`: named, typed calls only. */
export type DesktopBridge = {
  appInfo(): Promise<AppInfo>;
  pickFiles(request: PickFilesRequest): Promise<PickFilesResult>;
  saveFile(request: SaveFileRequest): Promise<SaveFileResult>;
  /** Opens an http(s) link in the system browser; false when refused. */
  openExternal(url: string): Promise<boolean>;
  getServerAddress(): Promise<ServerAddressInfo>;
  /** Stores the user's address; null returns to the IT preset. */
  setServerAddress(address: string | null): Promise<ServerAddressInfo>;
  testServerAddress(address: string): Promise<ServerTestResult>;
};

// Compile-time check: the bridge methods and the channel registry name the same things.
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
export const BRIDGE_MATCHES_CHANNELS: SameKeys<DesktopBridge, Record<DesktopMethod, unknown>> = true;
