// How users name each document type, for the reasons they read (formats/index.ts re-exports it; the readers that
// name their type in a reason import it from here).
import type { DocumentType } from '../file-types';

/** Each type as users name it, for the reasons they read. */
export const TYPE_NAMES: Record<DocumentType, string> = {
  pdf: 'PDF', ofd: 'OFD', doc: 'Word（doc）', wps: 'WPS 文字（wps）', docx: 'Word（docx）', rtf: 'RTF', odt: 'OpenDocument 文本（odt）',
  ppt: 'PowerPoint（ppt）', dps: 'WPS 演示（dps）', pptx: 'PowerPoint（pptx）', odp: 'OpenDocument 演示文稿（odp）',
  xls: 'Excel（xls）', et: 'WPS 表格（et）', xlsx: 'Excel（xlsx）', ods: 'OpenDocument 表格（ods）', csv: 'CSV',
  png: 'PNG 图片', jpg: 'JPEG 图片', tif: 'TIFF 图片', bmp: 'BMP 图片', md: 'Markdown', txt: '文本', html: 'HTML',
};
