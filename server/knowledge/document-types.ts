// The document types the product reads, on their own so that what decides a file's type (content-type.ts) and what
// checks an upload (file-types.ts) can both name them.

/** Document types a knowledge space and chat files accept (issue 4; the office, government and image formats: issue 29). */
export const DOCUMENT_TYPES = [
  'pdf', 'ofd', 'doc', 'wps', 'docx', 'rtf', 'odt', 'ppt', 'dps', 'pptx', 'odp', 'xls', 'et', 'xlsx', 'ods', 'csv',
  'png', 'jpg', 'tif', 'bmp', 'md', 'txt', 'html',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
