// A PDF's text layer, page by page (each block knows its page), NFKC-normalised: compatibility ideographs and
// ligatures become plain text.
import type { Reader, TextBlock } from '../types';
import { paragraphBlocks } from './plain';

export const readPdf: Reader = async (bytes) => {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  const pages = text as string[];
  const blocks: TextBlock[] = pages.flatMap((page, i) => paragraphBlocks(page.normalize('NFKC'), { page: i + 1 }));
  return { blocks, pages: pages.length };
};
