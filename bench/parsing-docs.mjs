// The files LibreOffice converts for the parsing benchmark (issue 29): an HTML document of the prose, HTML documents of
// parameter tables, and flat OpenDocument presentations (fodp) of the slides and of a table's slides; plus the tables'
// data (valve parameters: 型号/名称/公称压力/公称通径/材质/连接方式, a seeded generator: the same every run).
import ExcelJS from 'exceljs';
import { seeded } from './corpus.mjs';

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const TABLE_HEADER = ['型号', '名称', '公称压力', '公称通径', '材质', '连接方式'];
const KINDS = [['Z', '闸阀'], ['J', '截止阀'], ['Q', '球阀'], ['D', '蝶阀'], ['H', '止回阀'], ['T', '调节阀']];
const PRESSURES = [['10', '1.0 MPa'], ['16', '1.6 MPa'], ['25', '2.5 MPa'], ['40', '4.0 MPa'], ['64', '6.4 MPa']];
const SIZES = [15, 20, 25, 32, 40, 50, 65, 80, 100, 125, 150, 200, 250, 300];
const MATERIALS = [['C', 'WCB'], ['P', 'CF8'], ['R', 'CF8M'], ['Z', 'HT200'], ['Q', 'QT450']];
const CONNECTIONS = [['4', '法兰'], ['1', '螺纹'], ['6', '焊接'], ['7', '对夹']];

/**
 * A parameter table of `n` rows (and its header first): each row's 型号 unique, built the way valve models are
 * written (kind, connection, seal, pressure, material) with `mark` and a serial so tables of different files differ.
 */
export function valveTable(mark, n, seed) {
  const random = seeded(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const rows = [TABLE_HEADER];
  for (let i = 0; i < n; i++) {
    const [k, name] = pick(KINDS);
    const [pn, pressure] = pick(PRESSURES);
    const [m, material] = pick(MATERIALS);
    const [c, connection] = pick(CONNECTIONS);
    rows.push([`${k}${c}1H-${pn}${m}-${mark}${101 + i}`, name, pressure, `DN${pick(SIZES)}`, material, connection]);
  }
  return rows;
}

/** An HTML document LibreOffice opens in Writer: headings and paragraphs, and tables split in parts with headings. */
export function documentHtml(title, blocks) {
  const body = blocks.map((b) => {
    if (b.kind === 'heading') return `<h${b.level}>${esc(b.text)}</h${b.level}>`;
    if (b.kind === 'table') {
      const [head, ...rows] = b.rows;
      const cells = (row, tag) => `<tr>${row.map((c) => `<${tag}>${esc(c)}</${tag}>`).join('')}</tr>`;
      return `<table border="1" cellpadding="3" cellspacing="0"><thead>${cells(head, 'th')}</thead><tbody>${rows.map((r) => cells(r, 'td')).join('')}</tbody></table>`;
    }
    if (b.kind === 'pagebreak') return '<p style="page-break-before: always"></p>';
    return `<p>${esc(b.text)}</p>`;
  }).join('\n');
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>\n${body}\n</body></html>\n`;
}

/** A table document's blocks: a heading and a table of `perPart` rows for each part, a page apart. */
export function tableBlocks(title, rows, perPart) {
  const [head, ...body] = rows;
  const blocks = [];
  for (let i = 0, part = 1; i < body.length; i += perPart, part++) {
    if (i) blocks.push({ kind: 'pagebreak' });
    blocks.push({ kind: 'heading', level: 2, text: `${title}（${part}）` }, { kind: 'table', rows: [head, ...body.slice(i, i + perPart)] });
  }
  return blocks;
}

/** An xlsx workbook of one sheet holding the table (ExcelJS: an xlsx as spreadsheet programs write it). */
export async function tableXlsx(rows) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('阀门参数');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const NS = [
  'office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"', 'style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"', 'table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"', 'fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"', 'presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
].map((n) => `xmlns:${n}`).join(' ');

/** A presentation object (title, outline, notes): LibreOffice writes it as a pptx placeholder only with its style. */
const frame = (cls, y, h, inner) => `<draw:frame presentation:style-name="${cls}" draw:layer="layout" presentation:class="${cls}" svg:x="1cm" svg:y="${y}cm" svg:width="26cm" svg:height="${h}cm"><draw:text-box>${inner}</draw:text-box></draw:frame>`;
/** The master page's empty placeholder the slides' objects of that class follow. */
const placeholder = (cls, y, h) => `<draw:frame presentation:class="${cls}" presentation:placeholder="true" draw:layer="backgroundobjects" svg:x="1cm" svg:y="${y}cm" svg:width="26cm" svg:height="${h}cm"><draw:text-box/></draw:frame>`;
const paras = (list) => list.map((p) => `<text:p>${esc(p)}</text:p>`).join('');

/** A slide's table: a frame holding an OpenDocument table, its columns shared out over the slide's width. */
function tableFrame(rows) {
  const columns = rows[0].length;
  const cell = (c) => `<table:table-cell><text:p>${esc(c)}</text:p></table:table-cell>`;
  return `<draw:frame draw:style-name="tbl" svg:x="1cm" svg:y="2.6cm" svg:width="26cm" svg:height="${(0.75 * rows.length).toFixed(2)}cm">`
    + `<table:table>${'<table:table-column table:style-name="col"/>'.repeat(columns)}`
    + `${rows.map((r) => `<table:table-row table:style-name="row">${r.map(cell).join('')}</table:table-row>`).join('')}</table:table></draw:frame>`;
}

/**
 * A flat OpenDocument presentation (16:9, 28 × 15.75 cm) of slides `{ title, body?: string[], notes?, table?: rows }`,
 * which LibreOffice converts into pptx, ppt and odp.
 */
export function slidesFodp(slides) {
  const pages = slides.map((s, i) => {
    const content = [frame('title', 0.4, 2, paras([s.title]))];
    if (s.body?.length) content.push(frame('outline', 2.8, 12.5, paras(s.body)));
    if (s.table) content.push(tableFrame(s.table));
    const notes = s.notes ? `<presentation:notes>${frame('notes', 14, 10, paras([s.notes]))}</presentation:notes>` : '';
    return `<draw:page draw:name="page${i + 1}" draw:master-page-name="Default" presentation:presentation-page-layout-name="AL1T1">${content.join('')}${notes}</draw:page>`;
  });
  const columnWidth = (26 / (slides.find((s) => s.table)?.table[0].length ?? 1)).toFixed(2);
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:automatic-styles>
<style:page-layout style:name="PM1"><style:page-layout-properties fo:page-width="28cm" fo:page-height="15.75cm" style:print-orientation="landscape"/></style:page-layout>
<style:style style:name="col" style:family="table-column"><style:table-column-properties style:column-width="${columnWidth}cm"/></style:style>
<style:style style:name="row" style:family="table-row"><style:table-row-properties style:row-height="0.7cm"/></style:style>
<style:style style:name="tbl" style:family="graphic"/>
${['title', 'outline', 'notes'].map((c) => `<style:style style:name="${c}" style:family="presentation"/>`).join('')}
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Default" style:page-layout-name="PM1">${placeholder('title', 0.4, 2)}${placeholder('outline', 2.8, 12.5)}</style:master-page></office:master-styles>
<office:body><office:presentation>
${pages.join('\n')}
</office:presentation></office:body>
</office:document>
`;
}

/** A table's slides: `perSlide` rows and the header on each, titled with the table's title and the part. */
export function tableSlides(title, rows, perSlide) {
  const [head, ...body] = rows;
  const slides = [];
  for (let i = 0; i < body.length; i += perSlide) slides.push({ title: `${title}（${slides.length + 1}）`, table: [head, ...body.slice(i, i + perSlide)] });
  return slides;
}
