// A Word (docx) document as blocks (issue 29), from word/document.xml: headings with their level (the paragraph's or
// its style's outline level), paragraphs and list items (with the numbers Word counts for them), tables as rows with
// their header cells, text boxes once, fields by their result. Left out: deleted revisions, the table of contents,
// page headers and footers (separate parts, not read). Footnotes and endnotes come at the end. A docx has no pages.
import path from 'node:path';
import type { Element } from '@xmldom/xmldom';
import type { EmbeddedImage, Reader, TextBlock } from '../types';
import { attribute, childElements, descendants, openPackage, type Package } from '../xml-parts';
import { readNumbering, type Numbering } from './docx-numbering';
import { numberingOf, outlineOf, readStyles, valueOf, type Styles } from './docx-styles';
import { tableBlocks } from './docx-tables';

/** A field being read, from its begin mark to its end mark: its instruction, and whether it is a table of contents. */
type Field = { instruction: string; toc: boolean };

/** What walking the document needs: its styles and lists, its relationships, the fields open, the pictures found. */
type Walk = {
  styles: Styles;
  numbering: Numbering;
  pkg: Package;
  /** Relationship id → part name, for pictures. */
  rels: Map<string, string>;
  fields: Field[];
  /** How many of the open fields are tables of contents: their results (the TOC's lines) are left out. */
  tocs: number;
  images: EmbeddedImage[];
};

/**
 * Containers whose content is read as if it stood in their place (inserted revisions, content controls, links).
 * Deleted revisions (w:del) and what a move left behind (w:moveFrom) are not among them: they are not read.
 */
const TRANSPARENT = new Set(['ins', 'moveTo', 'customXml', 'smartTag', 'hyperlink', 'fldSimple', 'bdo', 'dir', 'sdtContent']);

const on = (el: Element | undefined) => !!el && !/^(0|false|off)$/i.test(attribute(el, 'val') ?? '');

/** Pictures and text boxes of a drawing: pictures collected, text boxes' blocks into `boxes` (VML fallbacks skipped). */
function drawing(el: Element, walk: Walk, boxes: TextBlock[]): void {
  for (const child of childElements(el)) {
    const name = child.localName;
    // The same drawing for older readers (VML): the choice before it was read.
    if (name === 'Fallback') continue;
    if (name === 'txbxContent') boxes.push(...blocksOf(child, walk));
    else if (name === 'blip' || name === 'imagedata') picture(attribute(child, name === 'blip' ? 'embed' : 'id', true), walk, boxes);
    else drawing(child, walk, boxes);
  }
}

/** A picture by its relationship id, collected once, its place marked in `boxes` (after its paragraph) for its text. */
function picture(id: string | null, walk: Walk, boxes: TextBlock[]): void {
  const part = id ? walk.rels.get(id) : undefined;
  const bytes = part ? walk.pkg.bytes(part) : undefined;
  if (!part || !bytes || walk.images.some((i) => i.bytes === bytes)) return;
  boxes.push({ kind: 'paragraph', text: '', at: {}, image: walk.images.length });
  walk.images.push({ bytes, at: {} });
}

/** A run's text (fields' instructions and deleted text never read), its text boxes' blocks into `boxes`. */
function run(r: Element, walk: Walk, boxes: TextBlock[]): string {
  const hidden = on(childElements(r, 'rPr').flatMap((p) => childElements(p, 'vanish'))[0]);
  let out = '';
  for (const el of childElements(r)) {
    const name = el.localName;
    if (name === 'fldChar') {
      const type = attribute(el, 'fldCharType');
      const top = walk.fields[walk.fields.length - 1];
      if (type === 'begin') walk.fields.push({ instruction: '', toc: false });
      else if (type === 'separate' && top && !top.toc && /^\s*TOC\b/i.test(top.instruction)) {
        top.toc = true;
        walk.tocs++;
      } else if (type === 'end' && walk.fields.pop()?.toc) walk.tocs--;
    } else if (name === 'instrText') {
      const field = walk.fields[walk.fields.length - 1];
      if (field) field.instruction += el.textContent ?? '';
    } else if (name === 'drawing' || name === 'pict' || name === 'object' || name === 'AlternateContent') drawing(el, walk, boxes);
    else if (hidden || walk.tocs > 0) continue;
    else if (name === 't') out += el.textContent ?? '';
    else if (name === 'tab' || name === 'ptab') out += '\t';
    else if (name === 'br' || name === 'cr') out += '\n';
    else if (name === 'noBreakHyphen') out += '-';
  }
  return out;
}

/** A paragraph's text through its runs and the containers around them; text boxes' blocks into `boxes`. */
function inline(el: Element, walk: Walk, boxes: TextBlock[]): string {
  let out = '';
  for (const child of childElements(el)) {
    const name = child.localName ?? '';
    if (name === 'r') out += run(child, walk, boxes);
    else if (name === 'sdt') out += childElements(child, 'sdtContent').map((c) => inline(c, walk, boxes)).join('');
    else if (name === 'oMath' || name === 'oMathPara') out += descendants(child, 't').map((t) => t.textContent ?? '').join('');
    else if (name === 'AlternateContent') {
      const [choice] = childElements(child);
      if (choice) out += inline(choice, walk, boxes);
    } else if (TRANSPARENT.has(name)) out += inline(child, walk, boxes);
  }
  return out;
}

/** A paragraph as a block (a heading at its outline level, else a paragraph), then its text boxes' blocks. */
function paragraph(p: Element, walk: Walk): TextBlock[] {
  const pPr = childElements(p, 'pPr')[0];
  const style = valueOf(pPr, 'pStyle') ?? '';
  const boxes: TextBlock[] = [];
  const text = inline(p, walk, boxes);
  if (walk.styles.toc(style)) return boxes;
  // An empty numbered paragraph still takes its number, as Word shows it.
  const ref = numberingOf(pPr) ?? walk.styles.numbering(style);
  const label = ref && ref.numId !== '0' ? walk.numbering.label(ref) : '';
  if (!text.trim()) return boxes;
  const full = label ? `${label} ${text}` : text;
  const outline = outlineOf(pPr) ?? walk.styles.outline(style);
  const block: TextBlock = outline === undefined ? { kind: 'paragraph', text: full, at: {} } : { kind: 'heading', level: outline + 1, text: full.replace(/\s+/g, ' '), at: {} };
  return [block, ...boxes];
}

/** Whether a content control holds a table of contents (Word's TOC is one, its gallery named so). */
const isTocControl = (sdt: Element) => childElements(sdt, 'sdtPr').flatMap((p) => descendants(p, 'docPartGallery')).some((g) => /table of contents/i.test(attribute(g, 'val') ?? ''));

/** The blocks of a body, a cell, a text box or a note, in reading order. */
function blocksOf(container: Element, walk: Walk): TextBlock[] {
  const out: TextBlock[] = [];
  for (const child of childElements(container)) {
    const name = child.localName ?? '';
    if (name === 'p') out.push(...paragraph(child, walk));
    else if (name === 'tbl') out.push(...tableBlocks(child, (cell) => blocksOf(cell, walk)));
    else if (name === 'sdt') {
      if (!isTocControl(child)) for (const c of childElements(child, 'sdtContent')) out.push(...blocksOf(c, walk));
    } else if (name === 'AlternateContent') {
      const [choice] = childElements(child);
      if (choice) out.push(...blocksOf(choice, walk));
    } else if (TRANSPARENT.has(name)) out.push(...blocksOf(child, walk));
  }
  return out;
}

/** A part's relationships: id → the target's part name (external targets left out). */
function relationships(pkg: Package, part: string): Map<string, string> {
  const relsPart = path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
  const rels = new Map<string, string>();
  if (!pkg.has(relsPart)) return rels;
  for (const rel of childElements(pkg.xml(relsPart), 'Relationship')) {
    if (attribute(rel, 'TargetMode') === 'External') continue;
    const target = attribute(rel, 'Target') ?? '';
    rels.set(attribute(rel, 'Id') ?? '', path.posix.normalize(target.startsWith('/') ? target.slice(1) : path.posix.join(path.posix.dirname(part), target)));
  }
  return rels;
}

/** The part a relationship of `part` names by its type's last word (`styles`, `numbering`, `footnotes`), if any. */
function related(pkg: Package, part: string, type: string): string | undefined {
  const relsPart = path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
  if (!pkg.has(relsPart)) return undefined;
  const rel = childElements(pkg.xml(relsPart), 'Relationship').find((r) => (attribute(r, 'Type') ?? '').endsWith(`/${type}`));
  const target = rel && attribute(rel, 'Target');
  return target ? path.posix.normalize(target.startsWith('/') ? target.slice(1) : path.posix.join(path.posix.dirname(part), target)) : undefined;
}

/** The notes of footnotes.xml or endnotes.xml (not the separators Word keeps there), as blocks. */
function notes(pkg: Package, part: string | undefined, walk: Walk): TextBlock[] {
  if (!part || !pkg.has(part)) return [];
  const root = pkg.xml(part);
  return childElements(root).filter((n) => !attribute(n, 'type') || attribute(n, 'type') === 'normal').flatMap((n) => blocksOf(n, { ...walk, fields: [], tocs: 0 }));
}

/** A docx as blocks, and the pictures in its body for OCR. */
export const readDocx: Reader = async (bytes, { limits }) => {
  const pkg = await openPackage(bytes, limits, (name) => /\.(xml|rels)$/i.test(name) || name.startsWith('word/media/'));
  const main = related(pkg, '', 'officeDocument') ?? 'word/document.xml';
  const part = (type: string) => {
    const name = related(pkg, main, type);
    return name && pkg.has(name) ? pkg.xml(name) : null;
  };
  const walk: Walk = { styles: readStyles(part('styles')), numbering: readNumbering(part('numbering')), pkg, rels: relationships(pkg, main), fields: [], tocs: 0, images: [] };
  const body = childElements(pkg.xml(main), 'body')[0];
  const blocks = body ? blocksOf(body, walk) : [];
  blocks.push(...notes(pkg, related(pkg, main, 'footnotes'), walk), ...notes(pkg, related(pkg, main, 'endnotes'), walk));
  return { blocks, images: walk.images };
};
