// An image-only PDF, as a scanner makes one: each page one JPEG (DCTDecode, the bytes as they are) filling the page,
// no text layer. For the parsing benchmark's scanned documents (bench/parsing-set.mjs); img2pdf is not installed.

/** A JPEG's size and colour components, from its start-of-frame marker. Throws on bytes that are not a JPEG. */
export function jpegInfo(bytes) {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG');
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new Error('broken JPEG marker');
    const marker = bytes[at + 1];
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    // Start of frame: baseline, extended, progressive, lossless (not DHT C4, JPG C8, DAC CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7), components: bytes[at + 9] };
    }
    at += 2 + length;
  }
  throw new Error('JPEG without a frame');
}

const COLOUR = { 1: '/DeviceGray', 3: '/DeviceRGB', 4: '/DeviceCMYK' };

/**
 * A PDF of the given pages, each `{ jpeg, dpi }`: the page is the image's size at that resolution (pixels × 72 / dpi
 * points), the image drawn over all of it.
 */
export function imagePdf(pages) {
  const chunks = [];
  const offsets = [];
  let length = 0;
  const write = (part) => {
    const buf = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    chunks.push(buf);
    length += buf.length;
  };
  const object = (id, ...parts) => {
    offsets[id] = length;
    write(`${id} 0 obj\n`);
    for (const p of parts) write(p);
    write('\nendobj\n');
  };
  write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  // 1 catalog, 2 page tree, then for each page: page, content, image.
  const pageId = (i) => 3 + i * 3;
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${pages.map((_p, i) => `${pageId(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  pages.forEach(({ jpeg, dpi }, i) => {
    const { width, height, components } = jpegInfo(jpeg);
    const colour = COLOUR[components];
    if (!colour) throw new Error(`JPEG with ${components} components`);
    const w = ((width * 72) / dpi).toFixed(2);
    const h = ((height * 72) / dpi).toFixed(2);
    const id = pageId(i);
    const content = `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`;
    object(id, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 ${id + 2} 0 R >> >> /Contents ${id + 1} 0 R >>`);
    object(id + 1, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    object(id + 2, `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace ${colour} /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`, jpeg, '\nendstream');
  });
  const count = 3 + pages.length * 3;
  const xref = length;
  write(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let id = 1; id < count; id++) write(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  write(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks);
}
