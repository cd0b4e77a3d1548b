import type {
  AppInfo,
  FilePurpose,
  RejectedFile,
  SaveFilter,
  ServerAddressInfo,
  ServerTestResult,
} from '../../contract/desktop';

export type { AppInfo, FilePurpose, RejectedFile, SaveFilter, ServerAddressInfo, ServerTestResult };

/** What to pick: the purpose decides the allowed types and the size limit. */
export type PickFilesOptions = {
  purpose: FilePurpose;
  multiple?: boolean;
  /** Extensions narrowing the purpose's list, e.g. ['xlsx', 'xls', 'csv'] for spreadsheet chat. */
  accept?: string[];
};

/** Picked files as browser File objects (ready for FormData) plus those refused, with the limit used. */
export type PickFilesOutcome = { canceled: boolean; files: File[]; rejected: RejectedFile[]; maxBytes: number };

/** An export to save: a Blob (e.g. from a blob response of the http client), bytes or text. */
export type SaveFileOptions = {
  suggestedName: string;
  data: Blob | Uint8Array | string;
  /** MIME type used when `data` is not already a Blob (web download). */
  mimeType?: string;
  /** Filters of the desktop save dialog. */
  filters?: SaveFilter[];
};

/** Desktop and web behind one interface; everything outside src/platform calls this. */
export type Platform = {
  kind: 'desktop' | 'web';
  pickFiles(options: PickFilesOptions): Promise<PickFilesOutcome>;
  /** Resolves false when the user cancelled the save dialog. */
  saveFile(options: SaveFileOptions): Promise<boolean>;
  /** Opens an http(s) link outside the app; false when the link was refused. */
  openExternal(url: string): Promise<boolean>;
  appInfo(): Promise<AppInfo | null>;
  getServerAddress(): Promise<ServerAddressInfo>;
  setServerAddress(address: string | null): Promise<ServerAddressInfo>;
  testServerAddress(address: string): Promise<ServerTestResult>;
};
