// Word 97-2003 documents (.doc) and WPS 文字 files (.wps, the same container), read with word-extractor (issue 29):
// the body (headings found by their typed numbers) and its text boxes, then footnotes and endnotes at the end; page
// headers and footers are left out. A file whose FIB says it is encrypted fails with the reason; a Word 95 or older
// file, or one word-extractor cannot read, is converted by LibreOffice into docx when it is installed.
import WordExtractor from 'word-extractor';
import { PermanentJobError } from '../../../jobs/worker';
import { ENCRYPTED_REASON, openCompound, streamOf, WORD_97_NFIB, wordFib } from '../compound';
import { convertWithOffice } from '../convert/soffice';
import { headingsByNumbering } from '../numbered-headings';
import type { ReadContext, ReadDocument, Reader, TextBlock } from '../types';
import { readDocx } from './docx';
import { wordTableBlocks } from './doc-tables';

/** The Word document's FIB facts, or null when the file holds no Word document. */
function fibOf(bytes: Buffer): { nFib: number; encrypted: boolean } | null {
  const stream = streamOf(openCompound(bytes), 'WordDocument');
  return stream && wordFib(stream);
}

/** A file only LibreOffice reads, converted to docx and read as one. */
async function throughOffice(bytes: Buffer, type: 'doc' | 'wps', context: ReadContext): Promise<ReadDocument> {
  return readDocx(await convertWithOffice(bytes, type, 'docx', context), context);
}

/** Notes (footnotes or endnotes), one paragraph each, under a heading of their own. */
function noteBlocks(heading: string, text: string): TextBlock[] {
  const notes = text.split('\n').map((n) => n.trim()).filter(Boolean);
  return notes.length ? [{ kind: 'heading', text: heading, level: 1, at: {} }, ...notes.map((n) => ({ kind: 'paragraph' as const, text: n, at: {} }))] : [];
}

/** The reader of a Word 97-2003 file of `type` (doc, or wps: its type names it in a reason). */
export function wordReader(type: 'doc' | 'wps'): Reader {
  return async (bytes, context) => {
    const fib = fibOf(bytes);
    if (!fib) throw new Error('not a Word document: no WordDocument stream');
    if (fib.encrypted) throw new PermanentJobError(ENCRYPTED_REASON);
    if (fib.nFib < WORD_97_NFIB) return throughOffice(bytes, type, context);
    let doc;
    try {
      doc = await new WordExtractor().extract(bytes);
    } catch {
      return throughOffice(bytes, type, context);
    }
    // filterUnicode: false keeps Chinese quotation marks and dashes as they are written.
    const options = { filterUnicode: false };
    const textboxes = doc.getTextboxes({ ...options, includeHeadersAndFooters: false });
    return {
      blocks: [
        // word-extractor gives no styles: headings are found by their typed numbers (第三章, 3.2, 一、).
        ...headingsByNumbering(wordTableBlocks(doc.getBody(options))),
        ...wordTableBlocks(textboxes),
        ...noteBlocks('脚注', doc.getFootnotes(options)),
        ...noteBlocks('尾注', doc.getEndnotes(options)),
      ],
    };
  };
}
