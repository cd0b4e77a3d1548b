// Scanned pages for the OCR tests, made in the test: Chinese and English lines drawn with Noto Sans CJK on a white
// page by @napi-rs/canvas, then encoded as a scan would come: PNG and JPEG (by the canvas), BMP and multi-page TIFF
// (written here), and an image-only PDF wrapping JPEG pages (DCTDecode) with no text layer.
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import type * as Utif from 'utif2';

const require = createRequire(import.meta.url);
const UTIF = require('utif2') as typeof Utif;

/** The CJK font of fonts-noto-cjk (installed by .ci/run). */
export const NOTO_CJK = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const FAMILY = 'Noto Sans CJK SC';
let registered = false;

/** A drawn page: RGBA pixels and its size. */
export type PagePixels = { width: number; height: number; rgba: Uint8ClampedArray };

/**
 * A white page with the lines in black, `size` pixels high, turned clockwise by `turn` degrees (a page scanned
 * sideways or upside down).
 */
export function textPage(lines: string[], options: { size?: number; turn?: 0 | 90 | 180 | 270 } = {}): PagePixels {
  if (!registered) registered = Boolean(GlobalFonts.registerFromPath(NOTO_CJK, FAMILY));
  const size = options.size ?? 40;
  const margin = size;
  const lineHeight = Math.round(size * 1.8);
  const probe = createCanvas(10, 10).getContext('2d');
  probe.font = `${size}px "${FAMILY}"`;
  const textWidth = Math.max(...lines.map((l) => probe.measureText(l).width));
  const width = Math.ceil(textWidth + 2 * margin);
  const height = lines.length * lineHeight + 2 * margin;
  const turn = options.turn ?? 0;
  const sideways = turn === 90 || turn === 270;
  const canvas = createCanvas(sideways ? height : width, sideways ? width : height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((turn * Math.PI) / 180);
  context.translate(-width / 2, -height / 2);
  context.fillStyle = '#000000';
  context.font = `${size}px "${FAMILY}"`;
  context.textBaseline = 'top';
  lines.forEach((line, i) => context.fillText(line, margin, margin + i * lineHeight));
  return { width: canvas.width, height: canvas.height, rgba: context.getImageData(0, 0, canvas.width, canvas.height).data };
}

function canvasOf(page: PagePixels) {
  const canvas = createCanvas(page.width, page.height);
  const context = canvas.getContext('2d');
  const image = context.createImageData(page.width, page.height);
  image.data.set(page.rgba);
  context.putImageData(image, 0, 0);
  return canvas;
}

/** The page as a PNG. */
export const pngOf = (page: PagePixels): Buffer => canvasOf(page).toBuffer('image/png');

/** The page as a JPEG. */
export const jpegOf = (page: PagePixels, quality = 90): Buffer => canvasOf(page).toBuffer('image/jpeg', quality);

/** The page as a 24-bit BMP (bottom-up rows, each padded to four bytes). */
export function bmpOf(page: PagePixels): Buffer {
  const row = Math.ceil((page.width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + row * page.height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(page.width, 18);
  out.writeInt32LE(page.height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(row * page.height, 34);
  for (let y = 0; y < page.height; y++) {
    for (let x = 0; x < page.width; x++) {
      const from = (y * page.width + x) * 4;
      const to = 54 + (page.height - 1 - y) * row + x * 3;
      [out[to], out[to + 1], out[to + 2]] = [page.rgba[from + 2], page.rgba[from + 1], page.rgba[from]];
    }
  }
  return out;
}

/** The pages as one uncompressed greyscale TIFF, a directory per page. */
export function tiffOf(pages: PagePixels[]): Buffer {
  const gray = pages.map((p) => Uint8Array.from({ length: p.width * p.height }, (_, i) => p.rgba[i * 4 + 1]));
  // Directories first (they fit in the first 4 KiB), then each page's pixels.
  let offset = 4096;
  const ifds = pages.map((p, i) => {
    const ifd = { t256: [p.width], t257: [p.height], t258: [8], t259: [1], t262: [1], t273: [offset], t277: [1], t278: [p.height], t279: [gray[i].length] };
    offset += gray[i].length;
    return ifd as unknown as Utif.IFD;
  });
  const head = Buffer.from(UTIF.encode(ifds));
  if (head.length > 4096) throw new Error('TIFF directories too long for the fixture');
  return Buffer.concat([head, Buffer.alloc(4096 - head.length), ...gray]);
}

/** A PDF of `width` × `height` points per page, each page one JPEG filling it and no text: a scan. */
export function scannedPdf(pages: { jpeg: Buffer; width: number; height: number; pixels: [number, number] }[]): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const put = (piece: string | Buffer) => {
    const bytes = typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, ...body: (string | Buffer)[]) => {
    offsets[id] = length;
    put(`${id} 0 obj\n`);
    body.forEach(put);
    put('\nendobj\n');
  };
  put('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  // 1 catalog, 2 pages, then per page: page, content, image.
  const pageId = (i: number) => 3 + i * 3;
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageId(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  pages.forEach((p, i) => {
    const id = pageId(i);
    const draw = `q ${p.width} 0 0 ${p.height} 0 0 cm /Im0 Do Q`;
    object(id, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${p.width} ${p.height}] /Resources << /XObject << /Im0 ${id + 2} 0 R >> >> /Contents ${id + 1} 0 R >>`);
    object(id + 1, `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`);
    object(id + 2, `<< /Type /XObject /Subtype /Image /Width ${p.pixels[0]} /Height ${p.pixels[1]} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${p.jpeg.length} >>\nstream\n`, p.jpeg, '\nendstream');
  });
  const count = 3 + pages.length * 3;
  const xref = length;
  put(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let id = 1; id < count; id++) put(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  put(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** A PNG that is only its header, declaring `width` × `height`: what a decompression bomb shows before its pixels. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 2, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(4)]);
}
