// A PowerPoint (pptx) presentation as blocks (issue 29): slides in the order presentation.xml lists them (not their
// file names: a moved slide keeps its file), each with its title, text, tables as rows with their headers, and its
// speaker notes (the notes slide its relationships name). Its pictures are collected, their places marked, for OCR.
import path from 'node:path';
import type { Element } from '@xmldom/xmldom';
import { tableRowBlocks } from '../table-text';
import type { ZipLimits } from '../../../uploads/limits';
import type { EmbeddedImage, Reader, TextBlock } from '../types';
import { attribute, childElements, descendants, openPackage, type Package } from '../xml-parts';

const PRESENTATION = 'ppt/presentation.xml';
/** The parts read: the presentation, the slides, the notes, and the relationships that link them. */
const PARTS = /^ppt\/(presentation\.xml|_rels\/presentation\.xml\.rels|slides\/[^/]+\.xml|slides\/_rels\/[^/]+\.rels|notesSlides\/[^/]+\.xml)$/;
const TITLES = new Set(['title', 'ctrTitle']);
/** Placeholders of a notes page that are not the notes: the slide's picture, its number, header, footer, date. */
const NOT_NOTES = new Set(['sldImg', 'sldNum', 'hdr', 'ftr', 'dt']);

/** The rels part of a part: `ppt/slides/slide1.xml` → `ppt/slides/_rels/slide1.xml.rels`. */
const relsOf = (part: string) => path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);

/** A part's relationships: id → { type, the target's part name }. */
function relationships(pkg: Package, part: string): Map<string, { type: string; target: string }> {
  const rels = new Map<string, { type: string; target: string }>();
  if (!pkg.has(relsOf(part))) return rels;
  for (const rel of childElements(pkg.xml(relsOf(part)), 'Relationship')) {
    const target = rel.getAttribute('Target') ?? '';
    const resolved = target.startsWith('/') ? target.slice(1) : path.posix.join(path.posix.dirname(part), target);
    rels.set(rel.getAttribute('Id') ?? '', { type: rel.getAttribute('Type') ?? '', target: path.posix.normalize(resolved) });
  }
  return rels;
}

/** A DrawingML paragraph's text: its runs and fields, line breaks kept. */
function paragraph(p: Element): string {
  return descendants(p, '*').map((e) => (e.localName === 't' ? e.textContent ?? '' : e.localName === 'br' ? '\n' : '')).join('').trim();
}

/** A text body's paragraphs. */
const textOf = (body: Element) => childElements(body, 'p').map(paragraph).filter(Boolean);

/** A shape's placeholder type (`title`, `body`, …), '' for a shape that is not a placeholder. */
function placeholder(shape: Element): string {
  const ph = descendants(shape, 'ph')[0];
  return ph ? ph.getAttribute('type') || 'body' : '';
}

/**
 * A slide's text in reading order: its shapes' paragraphs, its tables' rows (each with its header cells), and the
 * places of its pictures (`image`, an index of the presentation's pictures; their text is recognised later).
 */
type SlideContent = { title: string; lines: { kind: 'paragraph' | 'row'; text: string; image?: number }[] };

/** A picture found on a slide: its part in the package (its bytes read afterwards) and its slide. */
type Found = { part: string; at: { slide: number } };

/** Where a slide's pictures are found: its relationships, the presentation's pictures so far, the slide's number. */
type Pictures = { rels: Map<string, { type: string; target: string }>; found: Found[]; slide: number };

/**
 * A table's rows of cell text. A merged cell's value is repeated in each cell it covers: PowerPoint writes the cells
 * it hides (hMerge, vMerge) empty.
 */
function tableRows(tbl: Element): string[][] {
  const rows: string[][] = [];
  for (const tr of childElements(tbl, 'tr')) {
    const above = rows[rows.length - 1] ?? [];
    const cells: string[] = [];
    for (const tc of childElements(tr, 'tc')) {
      const i = cells.length;
      if (tc.getAttribute('hMerge') === '1' && i > 0) cells.push(cells[i - 1]);
      else if (tc.getAttribute('vMerge') === '1') cells.push(above[i] ?? '');
      else cells.push(childElements(tc, 'txBody').flatMap(textOf).join(' '));
    }
    rows.push(cells);
  }
  return rows;
}

/** A picture shape's image, collected once per slide, its place marked among the slide's lines. */
function picture(pic: Element, content: SlideContent, pictures: Pictures): void {
  const id = descendants(pic, 'blip').map((b) => attribute(b, 'embed', true)).find(Boolean);
  const part = id ? pictures.rels.get(id)?.target : undefined;
  if (!part || pictures.found.some((f) => f.part === part && f.at.slide === pictures.slide)) return;
  content.lines.push({ kind: 'paragraph', text: '', image: pictures.found.length });
  pictures.found.push({ part, at: { slide: pictures.slide } });
}

/**
 * The pictures' bytes, read in a second pass over the package: only those the slides show (a deck's media folder
 * also holds its layouts' and masters' pictures, and videos). One the package lacks is an empty picture (not read).
 */
async function pictureBytes(bytes: Buffer, limits: ZipLimits, found: Found[]): Promise<EmbeddedImage[]> {
  if (!found.length) return [];
  const wanted = new Set(found.map((f) => f.part));
  const pkg = await openPackage(bytes, limits, (name) => wanted.has(name));
  return found.map(({ part, at }) => ({ bytes: pkg.bytes(part) ?? Buffer.alloc(0), at }));
}

/** The text of a shape tree in reading order: shapes, groups, tables as rows with their headers, pictures' places. */
function walk(tree: Element, content: SlideContent, skip: ReadonlySet<string>, pictures?: Pictures): void {
  for (const el of childElements(tree)) {
    if (el.localName === 'sp') {
      const kind = placeholder(el);
      if (skip.has(kind)) continue;
      const text = childElements(el, 'txBody').flatMap(textOf);
      if (TITLES.has(kind) && !content.title) content.title = text.join(' ');
      else content.lines.push(...text.map((t) => ({ kind: 'paragraph' as const, text: t })));
    } else if (el.localName === 'tbl') {
      content.lines.push(...tableRowBlocks(tableRows(el), {}).map((b) => ({ kind: b.kind === 'row' ? ('row' as const) : ('paragraph' as const), text: b.text })));
    } else if (el.localName === 'AlternateContent') {
      // The same content twice (for newer readers and a fallback for older ones): the first choice only.
      const [choice] = childElements(el);
      if (choice) walk(choice, content, skip, pictures);
    } else if (el.localName === 'pic') {
      if (pictures) picture(el, content, pictures);
    } else walk(el, content, skip, pictures);
  }
}

/** The text of one slide's part (`cSld`), and its title when it has one; its pictures collected when asked. */
function slideContent(root: Element, skip: ReadonlySet<string> = new Set(), pictures?: Pictures): SlideContent {
  const content: SlideContent = { title: '', lines: [] };
  for (const tree of descendants(root, 'spTree')) walk(tree, content, skip, pictures);
  return content;
}

/** A pptx's slides: each its title, its text (a table's rows with their headers), then its speaker notes. */
export const readPptx: Reader = async (bytes, { limits }) => {
  const pkg = await openPackage(bytes, limits, (name) => PARTS.test(name));
  const presentation = pkg.xml(PRESENTATION);
  const slideRels = relationships(pkg, PRESENTATION);
  const blocks: TextBlock[] = [];
  const found: Found[] = [];
  let n = 0;
  for (const id of descendants(presentation, 'sldId')) {
    const part = slideRels.get(attribute(id, 'id', true) ?? '')?.target;
    if (!part || !pkg.has(part)) continue;
    const rels = relationships(pkg, part);
    const slide = slideContent(pkg.xml(part), new Set(), { rels, found, slide: n + 1 });
    const notesPart = [...rels.values()].find((r) => r.type.endsWith('/notesSlide'))?.target;
    const notes = notesPart && pkg.has(notesPart) ? slideContent(pkg.xml(notesPart), NOT_NOTES) : null;
    const at = { slide: ++n };
    const said = notes ? [notes.title, ...notes.lines.map((l) => l.text)].filter(Boolean) : [];
    blocks.push(
      { kind: 'title', text: `第 ${n} 张幻灯片${slide.title ? `：${slide.title}` : ''}`, at },
      ...slide.lines.filter((l) => l.text || l.image !== undefined).map((l) => ({ ...l, at })),
      ...(said.length ? [{ kind: 'notes' as const, text: `备注：${said.join('\n')}`, at }] : []),
    );
  }
  return { blocks, images: await pictureBytes(bytes, limits, found) };
};
