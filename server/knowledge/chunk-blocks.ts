// Chunks of a document read as blocks (issue 29): a chunk stays within one section (the same headings above it, the
// same slide or sheet), keeps a table's row whole and with its header, carries the heading path it sits under, and
// says where in the original it came from. Within a section, paragraphs are packed as splitIntoChunks packs them.
import type { ChunkPosition } from '../../contract/api';
import { join, pieces, type ChunkOptions } from './chunk';
import type { SourcePosition, TextBlock } from './formats/types';

/** A chunk: its text, the headings above it (outermost first), and where it came from. */
export type BlockChunk = { content: string; path: string[]; position: ChunkPosition };

/** How the heading path reads, and how it is stored (document_chunks.heading_path). */
export const PATH_SEPARATOR = ' › ';

/** The most text boxes a chunk keeps (a chunk of many lines points at its first ones). */
const MAX_BOXES = 32;

/** A run of blocks under the same headings and in the same slide or sheet. */
type Section = { path: string[]; title: string | null; blocks: TextBlock[] };

/** Where a set of blocks came from, together: first and last page, the slide, the sheet and its row range, boxes. */
export function positionOf(ats: SourcePosition[]): ChunkPosition {
  const position: ChunkPosition = {};
  const pages = ats.map((a) => a.page).filter((p): p is number => p !== undefined);
  if (pages.length) {
    position.page = Math.min(...pages);
    const last = Math.max(...pages);
    if (last !== position.page) position.page_to = last;
  }
  const slide = ats.find((a) => a.slide !== undefined)?.slide;
  if (slide !== undefined) position.slide = slide;
  const sheet = ats.find((a) => a.sheet !== undefined)?.sheet;
  if (sheet !== undefined) position.sheet = sheet;
  const rows = ats.filter((a) => a.rows && a.sheet === sheet).map((a) => a.rows as [number, number]);
  if (rows.length) position.rows = [Math.min(...rows.map((r) => r[0])), Math.max(...rows.map((r) => r[1]))];
  const boxes = ats.filter((a) => a.box && a.page !== undefined).slice(0, MAX_BOXES);
  if (boxes.length) position.boxes = boxes.map((a) => [a.page as number, ...(a.box as [number, number, number, number])]);
  return position;
}

/** The blocks split into sections: a heading opens one (and sets the path), so do a new slide, sheet or title. */
function sections(blocks: TextBlock[]): Section[] {
  const out: Section[] = [];
  const headings: { level: number; text: string }[] = [];
  let current: Section | null = null;
  const open = (title: string | null) => {
    current = { path: headings.map((h) => h.text), title, blocks: [] };
    out.push(current);
    return current;
  };
  let unit: string | undefined;
  for (const block of blocks) {
    const at = block.at.slide !== undefined ? `s${block.at.slide}` : block.at.sheet !== undefined ? `t${block.at.sheet}` : undefined;
    if (block.kind === 'heading') {
      const level = block.level ?? 1;
      while (headings.length && headings[headings.length - 1].level >= level) headings.pop();
      headings.push({ level, text: block.text.replace(/\s+/g, ' ') });
      current = null;
      continue;
    }
    if (block.kind === 'title') {
      unit = at;
      open(block.text);
      continue;
    }
    if (!current || at !== unit) {
      unit = at;
      current = open(current && at === unit ? (current as Section).title : null);
    }
    (current as Section).blocks.push(block);
  }
  return out.filter((s) => s.blocks.length || s.title);
}

/** A section's pieces: runs of prose (chunked together) and rows (each whole), in order. */
function runs(blocks: TextBlock[]): { rows: boolean; blocks: TextBlock[] }[] {
  const out: { rows: boolean; blocks: TextBlock[] }[] = [];
  for (const b of blocks) {
    const rows = b.kind === 'row';
    const last = out[out.length - 1];
    if (last && last.rows === rows) last.blocks.push(b);
    else out.push({ rows, blocks: [b] });
  }
  return out;
}

/** Rows packed whole into chunks of at most `size` characters (a row longer than that alone, cut to size). */
function packRows(rows: TextBlock[], size: number): { text: string; ats: SourcePosition[] }[] {
  const out: { text: string; ats: SourcePosition[] }[] = [];
  let text = '';
  let ats: SourcePosition[] = [];
  for (const row of rows) {
    if (text && text.length + 1 + row.text.length > size) {
      out.push({ text, ats });
      text = '';
      ats = [];
    }
    if (row.text.length > size) {
      for (let i = 0; i < row.text.length; i += size) out.push({ text: row.text.slice(i, i + size), ats: [row.at] });
      continue;
    }
    text = text ? `${text}\n${row.text}` : row.text;
    ats.push(row.at);
  }
  if (text) out.push({ text, ats });
  return out;
}

/** A sentence (or a cut of an over-long one) of a block, and whether it begins a paragraph. */
type Piece = { text: string; at: SourcePosition; starts: boolean };

/** Pieces joined: Chinese runs on, Latin words get a space, paragraphs a blank line. */
const render = (pieces: Piece[]) => pieces.reduce((text, p, i) => (i === 0 ? p.text : p.starts ? `${text}\n\n${p.text}` : join(text, p.text)), '');

/**
 * Prose packed as splitIntoChunks packs it (paragraphs together where they fit, a sentence cut only when it alone is
 * longer than a chunk, each chunk after the first repeating up to `chunkOverlap` characters of whole sentences),
 * each chunk knowing the blocks its sentences came from.
 */
function packProse(blocks: TextBlock[], { chunkSize, chunkOverlap }: ChunkOptions): { text: string; ats: SourcePosition[] }[] {
  const size = Math.max(50, chunkSize);
  const overlap = Math.max(0, Math.min(chunkOverlap, Math.floor(size / 2)));
  const all: Piece[] = blocks.flatMap((b) => b.text.split(/\n\s*\n/).flatMap((paragraph) =>
    pieces(paragraph.replace(/\s*\n\s*/g, '\n').trim(), size).map((text, i) => ({ text, at: b.at, starts: i === 0 }))));
  const out: { text: string; ats: SourcePosition[] }[] = [];
  let current: Piece[] = [];
  let length = 0;
  let fresh = false; // whether `current` holds a piece not yet in a chunk
  for (const piece of all) {
    const sep = piece.starts && length > 0 ? 2 : 0;
    if (length + sep + piece.text.length > size && fresh) {
      out.push({ text: render(current).trim(), ats: current.map((p) => p.at) });
      // Whole sentences carried from the end, up to the overlap.
      const carry: Piece[] = [];
      let carried = 0;
      for (let i = current.length - 1; i >= 0 && carried + current[i].text.length <= overlap; i--) {
        carry.unshift(current[i]);
        carried += current[i].text.length;
      }
      current = carry;
      length = carried;
    }
    current.push(piece);
    length += piece.text.length + (piece.starts && current.length > 1 ? 2 : 0);
    fresh = true;
  }
  if (fresh) out.push({ text: render(current).trim(), ats: current.map((p) => p.at) });
  return out.filter((c) => c.text);
}

/** A document's blocks as chunks (see the file's head); deterministic, as splitIntoChunks. */
export function chunkBlocks(blocks: TextBlock[], options: ChunkOptions): BlockChunk[] {
  const size = Math.max(50, options.chunkSize);
  const out: BlockChunk[] = [];
  for (const section of sections(blocks)) {
    const prefix = section.title ? `${section.title}\n` : '';
    const room = Math.max(50, size - prefix.length);
    const parts = runs(section.blocks).flatMap((run) => (run.rows ? packRows(run.blocks, room) : packProse(run.blocks, { ...options, chunkSize: room })));
    if (!parts.length && section.title) parts.push({ text: '', ats: [] });
    for (const part of parts) {
      const content = (prefix + part.text).trim();
      if (content) out.push({ content, path: section.path, position: positionOf(part.ats) });
    }
  }
  return out;
}
