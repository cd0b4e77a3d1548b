// Text formats: plain text and Markdown (its `#` headings become headings), and HTML's visible text (its h1–h6 too).
import { decodeText } from '../../file-types';
import type { Reader, SourcePosition, TextBlock } from '../types';

/** Paragraphs (separated by blank lines) as blocks at `at`. */
export function paragraphBlocks(text: string, at: SourcePosition): TextBlock[] {
  return text.split(/\n[ \t\u3000]*\n/).map((p) => p.trim()).filter(Boolean).map((p) => ({ kind: 'paragraph' as const, text: p, at }));
}

/** The file's text, or the failure that says it is not text in an encoding we read. */
function textOf(bytes: Buffer): string {
  const text = decodeText(bytes);
  if (text === null) throw new Error('not text');
  return text;
}

/** Lines as blocks: an ATX heading (`## 3.2 安装`) is a heading of its level, the rest paragraphs. */
function markdownBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let fenced = false;
  let paragraph: string[] = [];
  const flush = () => {
    blocks.push(...paragraphBlocks(paragraph.join('\n'), {}));
    paragraph = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^ {0,3}(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1].length, text: heading[2], at: {} });
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Visible text of an HTML fragment: scripts and styles dropped, blocks on their own lines, entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/table|\/section|\/article)\b[^>]*>/gi, '\n')
    .replace(/<\/t[dh]\s*>/gi, '\t')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    });
}

/** An HTML page as blocks: its h1–h6 headings, and the visible text between them as paragraphs. */
function htmlBlocks(html: string): TextBlock[] {
  const body = html.replace(/<(script|style|noscript|template)[\s\S]*?<\/\1\s*>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  const blocks: TextBlock[] = [];
  const heading = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi;
  let last = 0;
  for (let m = heading.exec(body); m; m = heading.exec(body)) {
    blocks.push(...paragraphBlocks(htmlText(body.slice(last, m.index)).replace(/\n/g, '\n\n'), {}));
    const text = htmlText(m[2]).replace(/\s+/g, ' ').trim();
    if (text) blocks.push({ kind: 'heading', level: Number(m[1]), text, at: {} });
    last = m.index + m[0].length;
  }
  blocks.push(...paragraphBlocks(htmlText(body.slice(last)).replace(/\n/g, '\n\n'), {}));
  return blocks;
}

export const readText: Reader = async (bytes) => ({ blocks: paragraphBlocks(textOf(bytes), {}) });
export const readMarkdown: Reader = async (bytes) => ({ blocks: markdownBlocks(textOf(bytes)) });
export const readHtml: Reader = async (bytes) => ({ blocks: htmlBlocks(textOf(bytes)) });
