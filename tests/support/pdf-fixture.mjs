// A PDF generator for tests and benchmarks (plain JavaScript, so bench/*.mjs can use it too).

const hex4 = (n) => n.toString(16).toUpperCase().padStart(4, '0');

/**
 * A PDF whose pages hold the given texts, in a Type0 font with Identity-H encoding and a ToUnicode map (the
 * way CJK PDFs are made). No glyphs are embedded: the text is extractable, which is all processing needs.
 */
export function makePdf(pages, charsPerLine = 38) {
  const cids = new Map();
  const cid = (ch) => {
    let id = cids.get(ch);
    if (id === undefined) cids.set(ch, (id = cids.size + 1));
    return id;
  };
  const contents = pages.map((text) => {
    const lines = [];
    for (const para of text.split('\n')) {
      const chars = [...para].filter((c) => c.codePointAt(0) <= 0xffff);
      for (let i = 0; i < chars.length || i === 0; i += charsPerLine) lines.push(chars.slice(i, i + charsPerLine).map((c) => hex4(cid(c))).join(''));
    }
    return `BT /F1 12 Tf 40 800 Td 16 TL ${lines.map((l) => `<${l}> Tj T*`).join(' ')} ET`;
  });
  const entries = [...cids.entries()];
  const bfchars = [];
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

  const objects = [];
  const add = (body) => objects.push(body);
  const stream = (data) => `<< /Length ${Buffer.byteLength(data, 'latin1')} >>\nstream\n${data}\nendstream`;
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
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
