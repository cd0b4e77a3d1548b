// A document's whole text (chat files' context, the tests' comparisons): its blocks read (formats/), one per line,
// a blank line where a heading, a slide or a sheet begins.
import type { ZipLimits } from '../uploads/limits';
import type { DocumentType } from './file-types';
import { readDocument } from './formats';
import type { TextBlock } from './formats/types';

export { parseFailureReason, tidy } from './formats';
export { htmlText } from './formats/readers/plain';
export { cellText } from './formats/readers/spreadsheet';

/** Limits for the archive readers when a caller gives none (the defaults of UPLOAD_ZIP_*). */
const DEFAULT_ZIP_LIMITS: ZipLimits = { maxBytes: 256 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };

/** Whether a block goes on the next line after another: rows of one table, the lines of a slide or a sheet. */
function together(previous: TextBlock, b: TextBlock): boolean {
  if (b.kind === 'title' || b.kind === 'heading' || previous.kind === 'heading') return false;
  if (b.at.slide !== undefined || b.at.sheet !== undefined) return b.at.slide === previous.at.slide && b.at.sheet === previous.at.sheet;
  return b.kind === 'row' && previous.kind === 'row';
}

/** Blocks as text: paragraphs apart, a table's rows and a slide's lines together, headings and titles set apart. */
export function blocksText(blocks: TextBlock[]): string {
  let out = '';
  let previous: TextBlock | null = null;
  for (const b of blocks) {
    if (previous) out += together(previous, b) ? '\n' : '\n\n';
    out += b.text;
    previous = b;
  }
  return out;
}

/** The text of a document (see readDocument for its failures). */
export async function extractText(buf: Buffer, type: DocumentType, limits = DEFAULT_ZIP_LIMITS): Promise<string> {
  return blocksText((await readDocument(buf, type, { limits })).blocks);
}
