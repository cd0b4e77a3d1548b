// RTF documents (issue 29): a small reader of the RTF grammar (groups, control words and symbols, destinations),
// enough to take out the text a reader sees: `\uN` characters (their ANSI stand-ins skipped as `\ucN` says), `\'hh`
// bytes decoded by the font's `\fcharset` or the document's `\ansicpg` (936: GBK), paragraphs and line breaks, headings
// by `\outlinelevelN`, table rows (`\cell`, `\row`) as rows with the first row's cells as their headers, footnotes at
// the end. Fonts, colours, styles, document information, pictures, page headers and footers and field instructions
// are skipped. No npm library does this and is kept up (D-number in docs/decisions.md).
import { tableRowBlocks } from '../table-text';
import type { Reader, TextBlock } from '../types';
import { charsetCodepage, decodeCodepage } from './rtf-codepages';

/** Destinations whose text is not the document's. */
const SKIPPED = new Set([
  'colortbl', 'stylesheet', 'info', 'pict', 'header', 'headerl', 'headerr', 'headerf', 'footer', 'footerl', 'footerr',
  'footerf', 'objdata', 'objclass', 'fldinst', 'listtable', 'listoverridetable', 'revtbl', 'rsidtbl', 'generator',
  'xmlnstbl', 'themedata', 'colorschememapping', 'datastore', 'latentstyles', 'filetbl', 'pgdsctbl', 'template',
  'docvar', 'xe', 'tc', 'listtext', 'pntext', 'nonshppict', 'sp', 'mmathPict',
]);

/** Control words that stand for one character. */
const CHARACTERS: Record<string, string> = {
  tab: '\t', line: '\n', emdash: '—', endash: '–', bullet: '•', lquote: '‘', rquote: '’', ldblquote: '“',
  rdblquote: '”', emspace: ' ', enspace: ' ', qmspace: ' ', zwj: '', zwnj: '',
};

type Destination = 'body' | 'fonts' | 'footnote' | 'skip';
/** What a group changes and its end restores. */
type GroupState = { dest: Destination; uc: number; font: number | null };

/** A document's text as blocks, built as the grammar is walked. */
class RtfText {
  readonly blocks: TextBlock[] = [];
  private readonly footnotes: string[] = [];
  private readonly fonts = new Map<number, number>();
  private readonly stack: GroupState[] = [];
  private state: GroupState = { dest: 'body', uc: 1, font: null };
  private codepage = 1252;
  private fontInTable = 0;
  private bytes: number[] = [];
  private paragraph = '';
  private footnote = '';
  private inTable = false;
  private outline: number | null = null;
  private cells: string[] = [];
  private rows: string[][] = [];
  /** ANSI stand-ins still to skip after a `\uN`. */
  skip = 0;

  open(): void {
    this.flush();
    this.stack.push({ ...this.state });
  }

  close(): void {
    this.flush();
    const inner = this.state;
    this.state = this.stack.pop() ?? inner;
    if (inner.dest === 'footnote' && this.state.dest !== 'footnote') {
      if (this.footnote.trim()) this.footnotes.push(this.footnote.trim());
      this.footnote = '';
    }
    this.skip = 0;
  }

  /** An ignorable destination (`\*`): its text is never the document's, whatever its control word. */
  ignorable(): void {
    this.state.dest = 'skip';
  }

  byte(b: number): void {
    if (this.skip > 0) this.skip--;
    else this.bytes.push(b);
  }

  text(s: string): void {
    this.flush();
    if (this.state.dest === 'body') this.paragraph += s;
    else if (this.state.dest === 'footnote') this.footnote += s;
  }

  /** Bytes gathered from `\'hh` and raw 8-bit text, decoded together (a GBK character is two of them). */
  private flush(): void {
    if (!this.bytes.length) return;
    const font = this.state.font === null ? undefined : this.fonts.get(this.state.font);
    const s = decodeCodepage(Uint8Array.from(this.bytes), font ?? this.codepage);
    this.bytes = [];
    this.text(s);
  }

  word(name: string, param: number | null): void {
    if (this.skip > 0 && name !== 'bin') {
      this.skip--;
      return;
    }
    if (this.state.dest === 'skip') return;
    if (SKIPPED.has(name)) this.state.dest = 'skip';
    else if (name === 'fonttbl') this.state.dest = 'fonts';
    else if (this.state.dest === 'fonts') this.fontWord(name, param);
    else if (name === 'footnote') this.state.dest = 'footnote';
    else if (name === 'ansicpg' && param !== null) this.codepage = param;
    else if (name === 'f' && param !== null) this.switchFont(param);
    else if (name === 'uc' && param !== null) this.state.uc = Math.max(0, param);
    else if (name === 'u' && param !== null) {
      this.text(String.fromCharCode(param < 0 ? param + 0x10000 : param));
      this.skip = this.state.uc;
    } else if (name in CHARACTERS) this.text(CHARACTERS[name]);
    else if (this.state.dest === 'body') this.structure(name, param);
    else if (name === 'par') this.text('\n'); // a footnote's paragraphs
  }

  private fontWord(name: string, param: number | null): void {
    if (name === 'f' && param !== null) this.fontInTable = param;
    else if ((name === 'fcharset' || name === 'cpg') && param !== null) {
      const codepage = name === 'cpg' ? param : charsetCodepage(param);
      if (codepage !== null) this.fonts.set(this.fontInTable, codepage);
    }
  }

  private switchFont(font: number): void {
    this.flush();
    this.state.font = font;
  }

  /** Paragraphs, breaks and tables. */
  private structure(name: string, param: number | null): void {
    if (name === 'par' || name === 'sect' || name === 'page') this.endParagraph();
    else if (name === 'pard') {
      this.inTable = false;
      this.outline = null;
    } else if (name === 'intbl' || (name === 'itap' && param !== null && param > 0)) this.inTable = true;
    else if (name === 'outlinelevel' && param !== null) this.outline = param;
    else if (name === 'cell' || name === 'nestcell') this.endCell();
    else if (name === 'row' || name === 'nestrow') this.endRow();
  }

  private endParagraph(): void {
    this.flush();
    if (this.inTable) {
      this.paragraph += '\n';
      return;
    }
    this.endTable();
    const text = this.paragraph.trim();
    this.paragraph = '';
    if (!text) return;
    if (this.outline !== null && this.outline < 9) this.blocks.push({ kind: 'heading', text, level: this.outline + 1, at: {} });
    else this.blocks.push({ kind: 'paragraph', text, at: {} });
  }

  private endCell(): void {
    this.flush();
    this.cells.push(this.paragraph.trim());
    this.paragraph = '';
  }

  private endRow(): void {
    this.flush();
    if (this.paragraph.trim()) this.endCell();
    this.paragraph = '';
    if (this.cells.length) this.rows.push(this.cells);
    this.cells = [];
  }

  private endTable(): void {
    if (this.cells.length) this.endRow();
    if (this.rows.length) this.blocks.push(...tableRowBlocks(this.rows, {}));
    this.rows = [];
  }

  /** The last paragraph and table, then the footnotes under a heading of their own. */
  finish(): TextBlock[] {
    this.flush();
    this.inTable = false;
    this.endParagraph();
    if (this.footnotes.length) {
      this.blocks.push({ kind: 'heading', text: '脚注', level: 1, at: {} }, ...this.footnotes.map((text) => ({ kind: 'paragraph' as const, text, at: {} })));
    }
    return this.blocks;
  }
}

const isLetter = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const HEX = /^[0-9a-fA-F]{2}$/;

/** Walks an RTF file's bytes: groups, control words (with `\binN` data skipped), control symbols and text. */
export function rtfBlocks(rtf: Buffer): TextBlock[] {
  const out = new RtfText();
  let i = 0;
  while (i < rtf.length) {
    const c = rtf[i];
    if (c === 0x7b) {
      out.open();
      i++;
    } else if (c === 0x7d) {
      out.close();
      i++;
    } else if (c === 0x5c) {
      const next = rtf[i + 1];
      if (next !== undefined && isLetter(next)) {
        let j = i + 1;
        while (j < rtf.length && j - i <= 32 && isLetter(rtf[j])) j++;
        const name = rtf.toString('latin1', i + 1, j);
        let k = j;
        if (rtf[k] === 0x2d) k++;
        while (k < rtf.length && k - j <= 11 && isDigit(rtf[k])) k++;
        const param = k > j && isDigit(rtf[k - 1]) ? Number(rtf.toString('latin1', j, k)) : null;
        i = rtf[k] === 0x20 ? k + 1 : k;
        if (name === 'bin' && param !== null) i += Math.max(0, param);
        else out.word(name, param);
      } else if (next === 0x27) {
        const hex = rtf.toString('latin1', i + 2, i + 4);
        if (HEX.test(hex)) out.byte(parseInt(hex, 16));
        i += HEX.test(hex) ? 4 : 2;
      } else {
        symbol(out, next);
        i += 2;
      }
    } else {
      if (c >= 0x80) out.byte(c);
      else if (c !== 0x0d && c !== 0x0a && c !== 0) {
        if (out.skip > 0) out.skip--;
        else out.text(String.fromCharCode(c));
      }
      i++;
    }
  }
  return out.finish();
}

/** A control symbol: an escaped character, a special space or hyphen, `\*`, or a line break standing for `\par`. */
function symbol(out: RtfText, c: number | undefined): void {
  if (c === undefined) return;
  if (c === 0x2a) return out.ignorable();
  if (c === 0x0a || c === 0x0d) return out.word('par', null);
  if (out.skip > 0) {
    out.skip--;
    return;
  }
  if (c === 0x5c || c === 0x7b || c === 0x7d) out.text(String.fromCharCode(c));
  else if (c === 0x7e) out.text('\u00a0');
  else if (c === 0x5f) out.text('\u2011');
}

/** An RTF document: its paragraphs, headings, tables' rows with their headers, then its footnotes. */
export const readRtf: Reader = async (bytes) => ({ blocks: rtfBlocks(bytes) });
