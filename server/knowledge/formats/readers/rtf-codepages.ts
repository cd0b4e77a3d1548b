// The 8-bit text of an RTF file (`\'hh` and raw bytes above 0x7F) is in a code page: the font's `\fcharset` when it
// names one, else the document's `\ansicpg`. Chinese documents are in 936 (GBK, \fcharset134 GB2312) or 950 (Big5).
import { TextDecoder } from 'node:util';

/** `\fcharset` values (Windows character sets) and their code pages; 1 (DEFAULT) means the document's. */
const CHARSET_CODEPAGES = new Map<number, number>([
  [0, 1252], [77, 10000], [128, 932], [129, 949], [134, 936], [136, 950], [161, 1253], [162, 1254], [163, 1258],
  [177, 1255], [178, 1256], [186, 1257], [204, 1251], [222, 874], [238, 1250],
]);

/** The code page of a font's character set, or null to use the document's. */
export function charsetCodepage(charset: number): number | null {
  return CHARSET_CODEPAGES.get(charset) ?? null;
}

/** WHATWG encoding labels of the code pages TextDecoder knows. */
function label(codepage: number): string {
  if (codepage >= 1250 && codepage <= 1258) return `windows-${codepage}`;
  return ({ 874: 'windows-874', 932: 'shift_jis', 936: 'gbk', 949: 'euc-kr', 950: 'big5', 10000: 'macintosh', 54936: 'gb18030', 65001: 'utf-8' } as Record<number, string>)[codepage]
    ?? 'windows-1252';
}

const decoders = new Map<number, TextDecoder>();

/** Bytes of a code page as text (an unknown code page as Windows-1252, a byte it cannot map as U+FFFD). */
export function decodeCodepage(bytes: Uint8Array, codepage: number): string {
  let decoder = decoders.get(codepage);
  if (!decoder) {
    decoder = new TextDecoder(label(codepage));
    decoders.set(codepage, decoder);
  }
  return decoder.decode(bytes);
}
