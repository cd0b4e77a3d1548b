// Small real PNG images for the tools tests: a bar chart a user can recognise in a screenshot, drawn pixel by pixel
// and encoded with zlib (no image library needed).
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type Rgb = [number, number, number];

/** Encodes RGB pixels (`pixel(x, y)`) as a PNG. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BAR_COLORS: Rgb[] = [[22, 119, 255], [82, 196, 26], [250, 173, 20], [245, 34, 45]];

/** A bar chart of `values` (0..1) on white, with axes: 320 × 180 by default. */
export function barChartPng(values: number[] = [0.45, 0.8, 0.6, 0.3], width = 320, height = 180): Buffer {
  const left = 30;
  const bottom = height - 20;
  const slot = (width - left - 10) / values.length;
  return encodePng(width, height, (x, y) => {
    if ((x === left && y >= 10 && y <= bottom) || (y === bottom && x >= left && x <= width - 10)) return [60, 60, 60];
    const i = Math.floor((x - left - 1) / slot);
    if (i >= 0 && i < values.length) {
      const inBar = x - left - 1 - i * slot > slot * 0.2 && x - left - 1 - i * slot < slot * 0.8;
      if (inBar && y < bottom && y >= bottom - values[i] * (bottom - 15)) return BAR_COLORS[i % BAR_COLORS.length];
    }
    return [255, 255, 255];
  });
}
