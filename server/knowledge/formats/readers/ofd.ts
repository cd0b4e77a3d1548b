// OFD documents (GB/T 33190-2016, issue 29), the national format of official documents and e-invoices: a zip package
// whose OFD.xml names each document's Document.xml, which lists its pages' Content.xml in reading order. Each page's
// text objects are laid out into lines, paragraphs, headings (by type size) and tables (ofd-layout.ts), each block
// with its page and box.
// Page templates hold what every page repeats (letterheads, running headers and footers, page numbers): not read.
// Pictures are collected for OCR. A package that points outside itself or is encrypted is refused in Chinese.
import path from 'node:path';
import { cleanPagedBlocks } from '../clean';
import type { Element } from '@xmldom/xmldom';
import { stripInvisible } from '../../../../contract/validation/invisible-chars';
import { PermanentJobError } from '../../../jobs/worker';
import type { ZipLimits } from '../../../uploads/limits';
import type { EmbeddedImage, Reader, SourcePosition, TextBlock } from '../types';
import { attribute, childElements, descendants, openPackage, type Package } from '../xml-parts';
import { headingLevels, pageBlocks, type Run } from './ofd-layout';

const ROOT = 'OFD.xml';
const POINTS_PER_MM = 72 / 25.4;

/** Why an OFD is refused: it names a file outside its package (a path escaping the root, another disk, a URL). */
export function outsideReason(loc: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const shown = stripInvisible(loc).replace(/[\u0000-\u001f\u007f-\u009f]/g, '').slice(0, 100);
  return `OFD 文件引用了包外的路径（${shown}），无法读取`;
}

/**
 * A location (ST_Loc) as a part name of the package: relative to `base` (the part that names it), or from the root
 * when it starts with one `/`. One that leaves the package (`../` above the root, `C:\`, `\\server`, `file:`) is
 * refused for good.
 */
export function resolveLoc(base: string, loc: string): string {
  const clean = loc.trim().replace(/\\/g, '/');
  if (/^[a-z][a-z0-9+.-]*:/i.test(clean) || clean.startsWith('//')) throw new PermanentJobError(outsideReason(loc));
  const joined = clean.startsWith('/') ? clean.slice(1) : path.posix.join(path.posix.dirname(base), clean);
  const part = path.posix.normalize(joined);
  if (part === '..' || part.startsWith('../') || part.startsWith('/')) throw new PermanentJobError(outsideReason(loc));
  return part;
}

/**
 * A location as the part it names: resolved as the standard says (from the naming part's folder), or, when no such
 * part exists, from the package's root, as some producers write them. Either way it must stay inside the package.
 */
function locate(names: ReadonlySet<string>, base: string, loc: string): string {
  const part = resolveLoc(base, loc);
  if (names.has(part)) return part;
  const fromRoot = resolveLoc('', loc);
  return names.has(fromRoot) ? fromRoot : part;
}

/** The numbers of an attribute (`Boundary="10 20 30 5"`, `CTM`), empty when it has none. */
const numbers = (value: string | null) => (value ?? '').trim().split(/[\s,]+/).filter(Boolean).map(Number).filter(Number.isFinite);

/** DeltaX as one advance per glyph gap (`g 3 5.2` stands for three gaps of 5.2), the first `limit` only. */
export function deltas(value: string | null, limit = 100_000): number[] {
  const tokens = (value ?? '').trim().split(/\s+/).filter(Boolean);
  const out: number[] = [];
  for (let i = 0; i < tokens.length && out.length < limit; i++) {
    if (tokens[i] === 'g') {
      const count = Math.min(Number(tokens[i + 1]) || 0, limit - out.length);
      for (let k = 0; k < count; k++) out.push(Number(tokens[i + 2]) || 0);
      i += 2;
    } else out.push(Number(tokens[i]) || 0);
  }
  return out;
}

/** How wide a glyph without an advance is taken to be, in font sizes: a CJK character is square, Latin about half. */
const glyphWidth = (char: string) => (/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/u.test(char) ? 1 : 0.5);

/** A text object's runs (one per TextCode), placed on the page: Boundary's origin, then CTM, in millimetres. */
function textRuns(object: Element): Run[] {
  const [bx = 0, by = 0] = numbers(attribute(object, 'Boundary'));
  const ctm = numbers(attribute(object, 'CTM'));
  const [a, b, c, d, e, f] = ctm.length === 6 ? ctm : [1, 0, 0, 1, 0, 0];
  const fontSize = Number(attribute(object, 'Size')) || 3.5;
  const size = fontSize * (Math.sqrt(Math.abs(a * d - b * c)) || 1);
  const runs: Run[] = [];
  let x = 0;
  let y = 0;
  for (const code of childElements(object, 'TextCode')) {
    const text = code.textContent ?? '';
    const glyphs = Array.from(text);
    const given = deltas(attribute(code, 'DeltaX'), glyphs.length);
    if (attribute(code, 'X') !== null) x = Number(attribute(code, 'X')) || 0;
    if (attribute(code, 'Y') !== null) y = Number(attribute(code, 'Y')) || 0;
    const advances = glyphs.map((g, i) => (i < glyphs.length - 1 && given[i] !== undefined ? given[i] : glyphWidth(g) * fontSize));
    const width = advances.reduce((s, v) => s + v, 0);
    runs.push({ text, x: bx + a * x + c * y + e, baseline: by + b * x + d * y + f, width: width * Math.abs(a || 1), size });
    x += width;
  }
  return runs;
}

type PageContent = { runs: Run[]; images: { resource: string; box: number[] }[]; resources: string[] };

/** A page's runs and pictures (every TextObject and ImageObject of its layers, in nested blocks too) and its own resource parts. */
function pageContent(root: Element, part: string, names: ReadonlySet<string>): PageContent {
  const resources = childElements(root, 'PageRes').map((r) => locate(names, part, r.textContent ?? ''));
  const content = childElements(root, 'Content')[0];
  if (!content) return { runs: [], images: [], resources };
  return {
    resources,
    runs: descendants(content, 'TextObject').flatMap(textRuns),
    images: descendants(content, 'ImageObject').map((img) => ({ resource: attribute(img, 'ResourceID') ?? '', box: numbers(attribute(img, 'Boundary')) })),
  };
}

/** The picture files of resource parts: MultiMedia ID → part name (MediaFile under the resource part's BaseLoc). */
function mediaFiles(pkg: Package, names: ReadonlySet<string>, resourceParts: string[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const part of resourceParts) {
    if (!pkg.has(part)) continue;
    const res = pkg.xml(part);
    const baseLoc = attribute(res, 'BaseLoc');
    // MediaFile is relative to the BaseLoc folder: a name inside that folder stands as the base.
    const dir = baseLoc ? `${resolveLoc(part, baseLoc)}/_` : part;
    for (const media of descendants(res, 'MultiMedia')) {
      const file = childElements(media, 'MediaFile')[0]?.textContent?.trim();
      if (file) files.set(attribute(media, 'ID') ?? '', locate(names, dir, file));
    }
  }
  return files;
}

/** A document's pages (Content.xml part names, in the order listed) and its resource parts. */
function documentParts(pkg: Package, names: ReadonlySet<string>, docRoot: string): { pages: string[]; resources: string[] } {
  const doc = pkg.xml(docRoot);
  const common = childElements(doc, 'CommonData')[0];
  const resources = common
    ? [...childElements(common, 'PublicRes'), ...childElements(common, 'DocumentRes')].map((r) => locate(names, docRoot, r.textContent ?? ''))
    : [];
  // Parts not read (templates, annotations, attachments, tags) must still stay inside the package.
  for (const t of common ? childElements(common, 'TemplatePage') : []) resolveLoc(docRoot, attribute(t, 'BaseLoc') ?? '');
  for (const el of childElements(doc).filter((e) => /^(Annotations|Attachments|CustomTags|Extensions)$/.test(e.localName ?? ''))) {
    resolveLoc(docRoot, el.textContent ?? '');
  }
  const pages = childElements(doc, 'Pages').flatMap((p) => childElements(p, 'Page')).map((p) => locate(names, docRoot, attribute(p, 'BaseLoc') ?? ''));
  return { pages, resources };
}

/** Whether a package's entries hold an encryption description (GM/T 0099 adds an Encryptions.xml). */
const hasEncryptions = (names: ReadonlySet<string>) => [...names].some((n) => /(^|\/)Encryptions\.xml$/i.test(n));

/** An OFD's pages as blocks, each with its page and box, and the pictures found on them. */
export const readOfd: Reader = async (bytes, { limits, signal }) => {
  const names = new Set<string>();
  const pkg = await openPackage(bytes, limits, (name) => {
    names.add(name);
    return /\.xml$/i.test(name);
  });
  const encrypted = () => new PermanentJobError('文档已加密，请去除密码后上传');
  if (hasEncryptions(names)) throw encrypted();
  const root = pkg.xml(ROOT);
  if (descendants(root, 'Encryptions').length) throw encrypted();
  const pageRuns: Run[][] = [];
  const found: { page: number; part: string; box: number[] }[] = [];
  let page = 0;
  for (const body of childElements(root, 'DocBody')) {
    const docRoot = childElements(body, 'DocRoot')[0]?.textContent;
    for (const signatures of childElements(body, 'Signatures')) resolveLoc(ROOT, signatures.textContent ?? '');
    if (!docRoot) continue;
    const { pages, resources } = documentParts(pkg, names, locate(names, ROOT, docRoot));
    // Resource parts are resolved before any page is read, so a bad path fails the document whatever its pages hold.
    const media = mediaFiles(pkg, names, resources);
    for (const part of pages) {
      signal?.throwIfAborted();
      const { runs, images, resources: own } = pageContent(pkg.xml(part), part, names);
      pageRuns.push(runs);
      page++;
      const pageMedia = own.length ? new Map([...media, ...mediaFiles(pkg, names, own)]) : media;
      for (const img of images) {
        const file = pageMedia.get(img.resource);
        if (file) found.push({ page, part: file, box: img.box });
      }
    }
  }
  // Heading sizes are judged over the whole document: a page of large type is not a page of headings.
  const levels = headingLevels(pageRuns.flat());
  // Page numbers and table-of-contents lines drawn on the pages themselves go as in a PDF (templates are not read).
  const blocks: TextBlock[] = cleanPagedBlocks(pageRuns.flatMap((runs, i) => pageBlocks(runs, i + 1, levels)));
  const images = await pictures(bytes, limits, found);
  return { blocks: withPicturePlaces(blocks, images), pages: page, images };
};

/** Where a block or picture stands in reading order: its page, then how far down it starts. */
const placeOf = (at: SourcePosition): [number, number] => [at.page ?? 0, at.box?.[1] ?? 0];
const below = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

/** The blocks with each picture's place marked (for its recognised text) before the first block below it on its page. */
function withPicturePlaces(blocks: TextBlock[], images: EmbeddedImage[]): TextBlock[] {
  if (!images.length) return blocks;
  const order = images.map((img, i) => ({ i, place: placeOf(img.at) })).sort((a, b) => (below(a.place, b.place) ? 1 : below(b.place, a.place) ? -1 : a.i - b.i));
  const out: TextBlock[] = [];
  let next = 0;
  const mark = () => {
    const { i } = order[next++];
    out.push({ kind: 'paragraph', text: '', at: images[i].at, image: i });
  };
  for (const b of blocks) {
    while (next < order.length && below(placeOf(b.at), order[next].place)) mark();
    out.push(b);
  }
  while (next < order.length) mark();
  return out;
}

/** The pictures' bytes, read in a second pass over the package (only those the pages show). */
async function pictures(bytes: Buffer, limits: ZipLimits, found: { page: number; part: string; box: number[] }[]): Promise<EmbeddedImage[]> {
  if (!found.length) return [];
  const wanted = new Set(found.map((f) => f.part));
  const pkg = await openPackage(bytes, limits, (name) => wanted.has(name));
  return found.flatMap(({ page, part, box }) => {
    const data = pkg.bytes(part);
    if (!data) return [];
    const [x = 0, y = 0, w = 0, h = 0] = box.map((v) => Math.round(v * POINTS_PER_MM * 100) / 100);
    return [{ bytes: data, at: { page, box: [x, y, w, h] as [number, number, number, number] } }];
  });
}
