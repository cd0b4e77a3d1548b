// Document fixtures the tests and benchmarks generate: real PDF, DOCX and XLSX files with Chinese text.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

/**
 * A PDF whose pages hold the given texts, in a Type0 font with Identity-H encoding and a ToUnicode map (the
 * way CJK PDFs are made). No glyphs are embedded: the text is extractable, which is all processing needs.
 */
export function makePdf(pages: string[], charsPerLine = 38): Buffer {
  const cids = new Map<string, number>();
  const cid = (ch: string) => {
    let id = cids.get(ch);
    if (id === undefined) cids.set(ch, (id = cids.size + 1));
    return id;
  };
  const contents = pages.map((text) => {
    const lines: string[] = [];
    for (const para of text.split('\n')) {
      const chars = [...para].filter((c) => c.codePointAt(0)! <= 0xffff);
      for (let i = 0; i < chars.length || i === 0; i += charsPerLine) lines.push(chars.slice(i, i + charsPerLine).map((c) => hex4(cid(c))).join(''));
    }
    return `BT /F1 12 Tf 40 800 Td 16 TL ${lines.map((l) => `<${l}> Tj T*`).join(' ')} ET`;
  });
  const entries = [...cids.entries()];
  const bfchars: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    bfchars.push(`${block.length} beginbfchar\n${block.map(([ch, id]) => `<${hex4(id)}> <${hex4(ch.charCodeAt(0))}>`).join('\n')}\nendbfchar`);
  }
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <0000> <FFFF> endcodespacerange',
    ...bfchars,
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');

  const objects: string[] = [];
  const add = (body: string) => objects.push(body) ;
  const stream = (data: string) => `<< /Length ${Buffer.byteLength(data, 'latin1')} >>\nstream\n${data}\nendstream`;
  // 1 catalog, 2 pages, 3 font, 4 descendant, 5 tounicode, then page + content pairs.
  const pageIds = pages.map((_, i) => 6 + i * 2);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type0 /BaseFont /NotoSansCJKsc-Regular /Encoding /Identity-H /DescendantFonts [4 0 R] /ToUnicode 5 0 R >>');
  add('<< /Type /Font /Subtype /CIDFontType2 /BaseFont /NotoSansCJKsc-Regular /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 1000 >>');
  add(stream(cmap));
  contents.forEach((content, i) => {
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`);
    add(stream(content));
  });
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A DOCX with one paragraph per entry. */
export async function makeDocx(paragraphs: string[]): Promise<Buffer> {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${esc(p)}</w:t></w:r></w:p>`).join('')}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** An XLSX with one sheet: a header row, then the rows. */
export async function makeXlsx(header: string[], rows: (string | number)[][], sheetName = 'Sheet1'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
