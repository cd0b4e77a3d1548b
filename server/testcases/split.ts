// Splitting a requirements document into requirement items (issue 14): numbered Chinese clauses (第一条…), numbered
// headings (1.2.3), Markdown headings, and the rows of a requirements table. Pure: the document's text and tables
// come in as blocks (see source.ts), items go out. Headings that hold other headings are modules; the innermost
// ones, and every clause and table row, are items.
import { TESTCASE_LIMITS } from '../../contract/api/testcase-limits';

/** What a document reads as: lines of text, and tables with their header row. */
export type SourceBlock = { kind: 'line'; text: string } | { kind: 'table'; rows: string[][] };

/** A requirement item as split. */
export type SplitItem = { code: string; module: string; title: string; text: string };

const CN_NUM = '[一二三四五六七八九十百千零〇两\\d]+';
const CLAUSE = new RegExp(`^(第${CN_NUM}条)\\s*(.*)$`);
const CHAPTER = new RegExp(`^(第${CN_NUM}[章节篇部分]+)\\s*(.*)$`);
/** 1 / 1.2 / 1.2.3 followed by a separator and a title; "2024年" or "3.5秒" do not match (no separator). */
const NUMBERED = /^(\d{1,3}(?:\.\d{1,3}){0,5})(?:[.、．)）]\s*|\s+)(\S.*)$/;
const MARKDOWN = /^(#{1,6})\s+(.+?)\s*#*$/;

type Marker =
  | { kind: 'chapter'; code: string; title: string }
  | { kind: 'clause'; code: string; title: string }
  | { kind: 'numbered'; code: string; title: string }
  | { kind: 'markdown'; level: number; title: string };

function markerOf(line: string, inClause: boolean): Marker | null {
  let m = CLAUSE.exec(line);
  if (m) return { kind: 'clause', code: m[1], title: m[2] };
  m = CHAPTER.exec(line);
  if (m && m[2].length <= 60) return { kind: 'chapter', code: m[1], title: m[2] };
  m = MARKDOWN.exec(line);
  if (m) return { kind: 'markdown', level: m[1].length, title: m[2] };
  m = NUMBERED.exec(line);
  // Inside a clause, "1. …" is one of its points, not a heading of its own.
  if (m && !(inClause && !m[1].includes('.'))) return { kind: 'numbered', code: m[1], title: m[2] };
  return null;
}

/** Whether marker `b` sits inside marker `a` (a is then a module, not an item). */
function contains(a: Marker, b: Marker): boolean {
  if (a.kind === 'chapter') return b.kind !== 'chapter' || a.code.endsWith('章') && !b.code.endsWith('章');
  if (a.kind === 'numbered' && b.kind === 'numbered') return b.code.startsWith(`${a.code}.`);
  if (a.kind === 'markdown') return b.kind !== 'markdown' || b.level > a.level;
  return false;
}

const clip = (s: string, n: number) => (Array.from(s).length > n ? `${Array.from(s).slice(0, n - 1).join('')}…` : s);
/** A title: the first sentence of the text, at most 60 characters. */
const titleOf = (text: string) => clip(text.split(/[。；;！!？?\n]/)[0].trim() || text.trim(), 60);
const labelOf = (m: Marker) => ('code' in m && m.kind !== 'clause' ? `${m.code} ${m.title}` : m.title).trim();

const CODE_HEADER = /^(需求)?(编号|序号|标识|id|no\.?)$/i;
const TITLE_HEADER = /(名称|标题|功能点|需求点|功能|需求)$/;
const MODULE_HEADER = /模块|分类|子系统/;

/** The items of one requirements table: one per row below its header, each cell kept as `header：value`. */
function tableItems(rows: string[][], module: string): SplitItem[] {
  const [header, ...body] = rows.map((r) => r.map((c) => c.replace(/\s+/g, ' ').trim()));
  if (!header || body.length === 0) return [];
  const find = (re: RegExp) => header.findIndex((h) => re.test(h));
  const code = find(CODE_HEADER);
  const mod = find(MODULE_HEADER);
  let title = header.findIndex((h, i) => i !== code && i !== mod && TITLE_HEADER.test(h));
  if (title < 0) title = header.findIndex((_h, i) => i !== code && i !== mod);
  const items: SplitItem[] = [];
  for (const row of body) {
    if (row.every((c) => !c)) continue;
    const text = row.map((c, i) => (c ? `${header[i] || `列${i + 1}`}：${c}` : '')).filter(Boolean).join('；');
    items.push({
      code: code >= 0 ? row[code] ?? '' : '',
      module: (mod >= 0 && row[mod]) || module,
      title: clip(title >= 0 && row[title] ? row[title] : titleOf(text), 60),
      text,
    });
  }
  return items;
}

/**
 * The requirement items of a document. Text before the first heading or clause (a title page, an introduction)
 * is not an item; a document with no structure at all gives one item per paragraph. Items without a code of their
 * own are numbered R1, R2, … in document order.
 */
export function splitRequirements(blocks: SourceBlock[]): SplitItem[] {
  type Open = { marker: Marker; body: string[] };
  const items: SplitItem[] = [];
  const stack: Marker[] = [];
  const paragraphs: string[] = [];
  let open = null as Open | null;
  let sawMarker = false;

  const moduleOf = () => stack.map(labelOf).filter(Boolean).join('/');
  const close = () => {
    if (!open) return;
    const { marker, body } = open;
    open = null;
    const text = [marker.kind === 'clause' ? `${marker.code} ${marker.title}`.trim() : marker.title, ...body].join('\n').trim();
    // A bare heading (性能要求) says nothing to test; a numbered line that is a sentence (1. 用户可以…) does.
    if (marker.kind !== 'clause' && body.length === 0 && (marker.kind === 'markdown' || Array.from(marker.title).length < 8)) return;
    items.push({
      code: 'code' in marker ? marker.code : '',
      module: moduleOf(),
      title: marker.kind === 'clause' ? titleOf(marker.title || body[0] || '') : clip(marker.title, 60),
      text: clip(text, TESTCASE_LIMITS.maxItemChars),
    });
  };

  for (const block of blocks) {
    if (block.kind === 'table') {
      // A table inside a clause or below a heading's text is part of that item; right below a heading (or with no
      // heading) it is a requirements table, each row an item of its own under the heading.
      if (open && (open.marker.kind === 'clause' || open.body.length > 0 || block.rows.length < 2)) {
        open.body.push(...block.rows.map((r) => r.join(' | ')));
        continue;
      }
      if (open) {
        stack.push(open.marker);
        open = null;
      }
      sawMarker = sawMarker || block.rows.length > 1;
      items.push(...tableItems(block.rows, moduleOf()));
      continue;
    }
    const line = block.text.trim();
    if (!line) continue;
    const marker = markerOf(line, open?.marker.kind === 'clause');
    if (!marker) {
      if (open) open.body.push(line);
      else if (!sawMarker) paragraphs.push(line);
      continue;
    }
    sawMarker = true;
    // Whether a heading holds others is known only at the next marker: it was opened as an item, and becomes a
    // module (its introduction dropped) when a marker inside it follows.
    if (open && contains(open.marker, marker)) {
      stack.push(open.marker);
      open = null;
    } else {
      close();
    }
    while (stack.length && !contains(stack[stack.length - 1], marker)) stack.pop();
    if (marker.kind === 'chapter') stack.push(marker);
    else open = { marker, body: [] };
  }
  close();
  if (!sawMarker) {
    return paragraphs.filter((p) => Array.from(p).length >= 8).slice(0, TESTCASE_LIMITS.maxItems)
      .map((p, i) => ({ code: `R${i + 1}`, module: '', title: titleOf(p), text: clip(p, TESTCASE_LIMITS.maxItemChars) }));
  }
  return number(items.slice(0, TESTCASE_LIMITS.maxItems));
}

function number(items: SplitItem[]): SplitItem[] {
  let n = 0;
  return items.map((it) => (it.code ? it : { ...it, code: `R${++n}` }));
}
