// A Word (docx) document's text, paragraph by paragraph.
import type { Reader } from '../types';
import { paragraphBlocks } from './plain';

export const readDocx: Reader = async (bytes) => {
  const mammoth = await import('mammoth');
  const { value } = await mammoth.extractRawText({ buffer: bytes });
  return { blocks: paragraphBlocks(value, {}) };
};
