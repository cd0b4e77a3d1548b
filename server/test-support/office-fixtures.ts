// Presentations and OpenDocument files for the tests (issue 29), built with JSZip as PowerPoint and LibreOffice write
// them: a pptx's slides linked through relationships, with notes pages; an OpenDocument package's mimetype and content.
import { makeZip } from './zip-fixtures';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const NS_A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const NS_PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const ROOT_NS = `xmlns:a="${NS_A}" xmlns:r="${NS_R}" xmlns:p="${NS_P}"`;

/** A table cell: its text, or a cell that spans or continues merged cells as PowerPoint writes them. */
export type PptxCell = string | { text: string; gridSpan?: number; rowSpan?: number; hMerge?: boolean; vMerge?: boolean };

export type PptxSlide = {
  title?: string; body?: string[]; table?: PptxCell[][]; notes?: string;
  /** A picture (PNG bytes) placed after the slide's text, stored in ppt/media. */
  picture?: Buffer;
  /** The number in the slide's file name (slideN.xml); by default its place in the presentation. */
  file?: number;
};

const paragraphs = (lines: string[]) => lines.map((l) => `<a:p><a:r><a:rPr lang="zh-CN"/><a:t>${esc(l)}</a:t></a:r></a:p>`).join('');
const shape = (id: number, ph: string, lines: string[]) =>
  `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="s${id}"/><p:cNvSpPr/><p:nvPr>${ph}</p:nvPr></p:nvSpPr><p:spPr/>` +
  `<p:txBody><a:bodyPr/><a:lstStyle/>${paragraphs(lines)}</p:txBody></p:sp>`;
const tc = (c: PptxCell) => {
  const cell = typeof c === 'string' ? { text: c } : c;
  const attrs = [cell.gridSpan && ` gridSpan="${cell.gridSpan}"`, cell.rowSpan && ` rowSpan="${cell.rowSpan}"`, cell.hMerge && ' hMerge="1"', cell.vMerge && ' vMerge="1"'];
  return `<a:tc${attrs.filter(Boolean).join('')}><a:txBody><a:bodyPr/>${paragraphs(cell.text ? [cell.text] : [])}</a:txBody></a:tc>`;
};
const table = (rows: PptxCell[][]) =>
  `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="9" name="表格"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/>` +
  `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblGrid/>${rows
    .map((r) => `<a:tr h="370840">${r.map(tc).join('')}</a:tr>`)
    .join('')}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
const tree = (content: string) => `<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${content}</p:spTree></p:cSld>`;
const rels = (items: { id: string; type: string; target: string }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${NS_PKG}">${items
    .map((r) => `<Relationship Id="${r.id}" Type="${NS_R}/${r.type}" Target="${r.target}"/>`).join('')}</Relationships>`;

const PICTURE = '<p:pic><p:nvPicPr><p:cNvPr id="8" name="图片"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="rIdPic"/></p:blipFill><p:spPr/></p:pic>';

/** A pptx of the slides, in the order given (their files may be numbered otherwise). */
export function makePptx(slides: PptxSlide[]): Promise<Buffer> {
  const entries: Record<string, string | Buffer> = {
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/></Types>',
    'ppt/presentation.xml': `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${ROOT_NS}><p:sldIdLst>${slides
      .map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 2}"/>`).join('')}</p:sldIdLst></p:presentation>`,
    'ppt/_rels/presentation.xml.rels': rels(slides.map((s, i) => ({ id: `rId${i + 2}`, type: 'slide', target: `slides/slide${s.file ?? i + 1}.xml` }))),
  };
  slides.forEach((s, i) => {
    const n = s.file ?? i + 1;
    const content = [s.title ? shape(2, '<p:ph type="title"/>', [s.title]) : '', s.body ? shape(3, '<p:ph idx="1"/>', s.body) : '', s.table ? table(s.table) : '', s.picture ? PICTURE : ''];
    entries[`ppt/slides/slide${n}.xml`] = `<?xml version="1.0" encoding="UTF-8"?><p:sld ${ROOT_NS}>${tree(content.join(''))}</p:sld>`;
    const links = [
      ...(s.notes === undefined ? [] : [{ id: 'rId1', type: 'notesSlide', target: `../notesSlides/notesSlide${n}.xml` }]),
      ...(s.picture ? [{ id: 'rIdPic', type: 'image', target: `../media/image${n}.png` }] : []),
    ];
    if (links.length) entries[`ppt/slides/_rels/slide${n}.xml.rels`] = rels(links);
    if (s.picture) entries[`ppt/media/image${n}.png`] = s.picture;
    if (s.notes === undefined) return;
    const notes = `<p:sp><p:nvSpPr><p:cNvPr id="2" name="图片"/><p:cNvSpPr/><p:nvPr><p:ph type="sldImg"/></p:nvPr></p:nvSpPr><p:spPr/></p:sp>` +
      shape(3, '<p:ph type="body" idx="1"/>', [s.notes]) + shape(4, '<p:ph type="sldNum" idx="5"/>', [String(n)]);
    entries[`ppt/notesSlides/notesSlide${n}.xml`] = `<?xml version="1.0" encoding="UTF-8"?><p:notes ${ROOT_NS}>${tree(notes)}</p:notes>`;
  });
  return makeZip(entries);
}

const ODF_NS = ['office', 'text', 'table', 'drawing', 'presentation', 'style']
  .map((n) => `xmlns:${n === 'drawing' ? 'draw' : n}="urn:oasis:names:tc:opendocument:xmlns:${n}:1.0"`).join(' ');

export type OdfKind = 'text' | 'spreadsheet' | 'presentation';

/**
 * An OpenDocument package whose office:body holds `bodyXml` in the element of its kind (prefixes office, text, table,
 * draw, presentation). `mimetype`: the entry's content, null for none.
 */
export function makeOdf(kind: OdfKind, bodyXml: string, mimetype: string | null = `application/vnd.oasis.opendocument.${kind}`): Promise<Buffer> {
  const entries: Record<string, string> = {
    'content.xml': `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} office:version="1.3"><office:body><office:${kind}>${bodyXml}</office:${kind}></office:body></office:document-content>`,
    'META-INF/manifest.xml': '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type=""/></manifest:manifest>',
  };
  return makeZip(mimetype === null ? entries : { mimetype, ...entries });
}

/** An odt of paragraphs. */
export const makeOdt = (paragraphs: string[]) => makeOdf('text', paragraphs.map((p) => `<text:p>${esc(p)}</text:p>`).join(''));

const NS_W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const DOCX_NS = [
  `xmlns:w="${NS_W}"`, `xmlns:r="${NS_R}"`, `xmlns:a="${NS_A}"`,
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"',
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"',
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"',
  'xmlns:v="urn:schemas-microsoft-com:vml"',
].join(' ');

/** The parts of a Word document: XML inside w:body, w:styles, w:numbering, w:footnotes and a page header's w:hdr. */
export type DocxParts = {
  body: string; styles?: string; numbering?: string; footnotes?: string; header?: string;
  /** Pictures by relationship id (a:blip r:embed="rIdPic1"), stored in word/media. */
  media?: Record<string, Buffer>;
};

/**
 * A docx as Word writes it (prefixes w, r, a, wp, pic, wps, mc, v declared on each part's root): document.xml and the
 * parts given, linked from its relationships.
 */
export function makeDocxParts(parts: DocxParts): Promise<Buffer> {
  const root = (name: string, xml: string) => `<?xml version="1.0" encoding="UTF-8"?><w:${name} ${DOCX_NS}>${xml}</w:${name}>`;
  const entries: Record<string, string | Buffer> = {
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels': rels([{ id: 'rId1', type: 'officeDocument', target: 'word/document.xml' }]),
    'word/document.xml': root('document', `<w:body>${parts.body}<w:sectPr/></w:body>`),
  };
  const links: { id: string; type: string; target: string }[] = [];
  for (const [name, file] of [['styles', 'styles.xml'], ['numbering', 'numbering.xml'], ['footnotes', 'footnotes.xml'], ['header', 'header1.xml']] as const) {
    const xml = parts[name];
    if (xml === undefined) continue;
    entries[`word/${file}`] = root(name === 'header' ? 'hdr' : name, xml);
    links.push({ id: `rId${name}`, type: name, target: file });
  }
  for (const [id, bytes] of Object.entries(parts.media ?? {})) {
    entries[`word/media/${id}.png`] = bytes;
    links.push({ id, type: 'image', target: `media/${id}.png` });
  }
  entries['word/_rels/document.xml.rels'] = rels(links);
  return makeZip(entries);
}
