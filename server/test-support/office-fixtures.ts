// Presentations and OpenDocument files for the tests (issue 29), built with JSZip as PowerPoint and LibreOffice write
// them: a pptx's slides linked through relationships, with notes pages; an OpenDocument package's mimetype and content.
import { makeZip } from './zip-fixtures';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const NS_A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const NS_PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const ROOT_NS = `xmlns:a="${NS_A}" xmlns:r="${NS_R}" xmlns:p="${NS_P}"`;

export type PptxSlide = {
  title?: string; body?: string[]; table?: string[][]; notes?: string;
  /** The number in the slide's file name (slideN.xml); by default its place in the presentation. */
  file?: number;
};

const paragraphs = (lines: string[]) => lines.map((l) => `<a:p><a:r><a:rPr lang="zh-CN"/><a:t>${esc(l)}</a:t></a:r></a:p>`).join('');
const shape = (id: number, ph: string, lines: string[]) =>
  `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="s${id}"/><p:cNvSpPr/><p:nvPr>${ph}</p:nvPr></p:nvSpPr><p:spPr/>` +
  `<p:txBody><a:bodyPr/><a:lstStyle/>${paragraphs(lines)}</p:txBody></p:sp>`;
const table = (rows: string[][]) =>
  `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="9" name="表格"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/>` +
  `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblGrid/>${rows
    .map((r) => `<a:tr h="370840">${r.map((c) => `<a:tc><a:txBody><a:bodyPr/>${paragraphs([c])}</a:txBody></a:tc>`).join('')}</a:tr>`)
    .join('')}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
const tree = (content: string) => `<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${content}</p:spTree></p:cSld>`;
const rels = (items: { id: string; type: string; target: string }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${NS_PKG}">${items
    .map((r) => `<Relationship Id="${r.id}" Type="${NS_R}/${r.type}" Target="${r.target}"/>`).join('')}</Relationships>`;

/** A pptx of the slides, in the order given (their files may be numbered otherwise). */
export function makePptx(slides: PptxSlide[]): Promise<Buffer> {
  const entries: Record<string, string> = {
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    'ppt/presentation.xml': `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${ROOT_NS}><p:sldIdLst>${slides
      .map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 2}"/>`).join('')}</p:sldIdLst></p:presentation>`,
    'ppt/_rels/presentation.xml.rels': rels(slides.map((s, i) => ({ id: `rId${i + 2}`, type: 'slide', target: `slides/slide${s.file ?? i + 1}.xml` }))),
  };
  slides.forEach((s, i) => {
    const n = s.file ?? i + 1;
    const content = [s.title ? shape(2, '<p:ph type="title"/>', [s.title]) : '', s.body ? shape(3, '<p:ph idx="1"/>', s.body) : '', s.table ? table(s.table) : ''];
    entries[`ppt/slides/slide${n}.xml`] = `<?xml version="1.0" encoding="UTF-8"?><p:sld ${ROOT_NS}>${tree(content.join(''))}</p:sld>`;
    if (s.notes === undefined) return;
    entries[`ppt/slides/_rels/slide${n}.xml.rels`] = rels([{ id: 'rId1', type: 'notesSlide', target: `../notesSlides/notesSlide${n}.xml` }]);
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
