// What the server accepts in one upload, per purpose (issue 27 §5). The server answers these from its configuration
// (UPLOAD_MAX_BYTES, UPLOAD_MAX_REQUEST_BYTES) at GET UPLOAD_PATHS.limits, so the upload dialogs can name the limits
// and refuse a file at selection instead of after sending it.

/** Files one upload request may carry, per purpose. */
export const UPLOAD_MAX_FILES = { knowledge: 20, chat: 1, testcase: 1 } as const;

/** What an upload is for: knowledge documents, a chat file, a test-case requirements document. */
export type UploadPurpose = keyof typeof UPLOAD_MAX_FILES;

/** One purpose's limits: bytes of one file, files in one request, bytes of all the request's files. */
export type UploadLimit = { maxFileBytes: number; maxFiles: number; maxRequestBytes: number };

/** Every purpose's limits, as the server answers them. */
export type UploadLimits = Record<UploadPurpose, UploadLimit>;

const MIB = 1024 * 1024;

/** A size for people, in the units the limits are set in: 50 MB, 1.5 MB, 200 KB. */
export function formatUploadBytes(bytes: number): string {
  if (bytes >= MIB) return `${Number((bytes / MIB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} 字节`;
}

/**
 * The file names a knowledge space and 普通对话's file upload offer in the picker (issue 29): office, government,
 * image and text formats. The server decides each file's type by its content (server/knowledge/file-types.ts).
 */
export const DOCUMENT_EXTENSIONS = [
  'pdf', 'ofd', 'doc', 'wps', 'docx', 'rtf', 'odt', 'ppt', 'dps', 'pptx', 'odp', 'xls', 'et', 'xlsx', 'ods', 'csv',
  'png', 'jpg', 'jpeg', 'tif', 'tiff', 'bmp', 'md', 'txt', 'html',
];
