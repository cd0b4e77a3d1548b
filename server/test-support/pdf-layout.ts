// PDFs laid out for the PDF reader's tests: text placed at given points in given sizes, and images covering given
// boxes, in one of two fonts the way CJK PDFs carry them (no glyphs embedded; text is all the reader needs):
// - `unicode`: Type0, Identity-H, with a ToUnicode map (every glyph one em wide);
// - `unigb`: Adobe's STSong-Light with the predefined UniGB-UCS2-H encoding and no ToUnicode map, as older Chinese
//   PDFs are: only pdf.js's CMaps turn its codes into text.

/** Text whose baseline starts at x, y, in points from the page's top left. */
export type PlacedText = { x: number; y: number; text: string; size?: number };
/** A page: its texts, the boxes ([x, y, w, h] from the top left) gray images fill, and its size (A4 when absent). */
export type LayoutPage = { texts?: PlacedText[]; images?: [number, number, number, number][]; size?: [number, number] };

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
/** A font descriptor without a font file: without one, pdf.js takes a Type0 font for one of the 14 simple fonts. */
const descriptor = (name: string) =>
  `<< /Type /FontDescriptor /FontName /${name} /Flags 4 /FontBBox [0 -120 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 >>`;

/** A PDF of the given pages. */
export function makeLayoutPdf(pages: LayoutPage[], font: 'unicode' | 'unigb' = 'unicode'): Buffer {
  const cids = new Map<string, number>();
  const code = (ch: string) => {
    if (font === 'unigb') return hex4(ch.charCodeAt(0));
    let id = cids.get(ch);
    if (id === undefined) cids.set(ch, (id = cids.size + 1));
    return hex4(id);
  };
  const contents = pages.map(({ texts = [], images = [], size = [595, 842] }) => {
    const height = size[1];
    const shown = texts.map((t) => `BT /F1 ${t.size ?? 12} Tf 1 0 0 1 ${t.x} ${height - t.y} Tm <${[...t.text].map(code).join('')}> Tj ET`);
    const drawn = images.map(([x, y, w, h]) => `q ${w} 0 0 ${h} ${x} ${height - y - h} cm /Im1 Do Q`);
    return [...drawn, ...shown].join('\n');
  });

  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const stream = (data: string, dict = '') => `<< ${dict} /Length ${Buffer.byteLength(data, 'latin1')} >>\nstream\n${data}\nendstream`;
  // 1 catalog, 2 pages, 3 font, 4 descendant font, 5 ToUnicode map (or nothing), 6 image, then page + content pairs.
  const pageIds = pages.map((_, i) => 7 + i * 2);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  if (font === 'unigb') {
    add('<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>');
    add(`<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor ${descriptor('STSong-Light')} /DW 1000 >>`);
    add('<< >>');
  } else {
    add('<< /Type /Font /Subtype /Type0 /BaseFont /NotoSansCJKsc-Regular /Encoding /Identity-H /DescendantFonts [4 0 R] /ToUnicode 5 0 R >>');
    add(`<< /Type /Font /Subtype /CIDFontType2 /BaseFont /NotoSansCJKsc-Regular /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor('NotoSansCJKsc-Regular')} /DW 1000 >>`);
    // Filled in below, once every character of every page has its code.
    add('');
  }
  add(stream('\x00\xff\xff\x00', '/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8'));
  pages.forEach(({ size = [595, 842] }, i) => {
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size[0]} ${size[1]}] /Resources << /Font << /F1 3 0 R >> /XObject << /Im1 6 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`);
    add(stream(contents[i]));
  });
  if (font === 'unicode') {
    const entries = [...cids.entries()].map(([ch, id]) => `<${hex4(id)}> <${hex4(ch.charCodeAt(0))}>`);
    const blocks: string[] = [];
    for (let i = 0; i < entries.length; i += 100) {
      const part = entries.slice(i, i + 100);
      blocks.push(`${part.length} beginbfchar\n${part.join('\n')}\nendbfchar`);
    }
    objects[4] = stream([
      '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def /CMapType 2 def',
      '1 begincodespacerange <0000> <FFFF> endcodespacerange',
      ...blocks,
      'endcmap CMapName currentdict /CMap defineresource pop end end',
    ].join('\n'));
  }
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /ID [<0123456789ABCDEF0123456789ABCDEF> <0123456789ABCDEF0123456789ABCDEF>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
