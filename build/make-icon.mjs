/* global URL, console */
// Writes build/icon.png (1024x1024), from which electron-builder derives the Windows .ico,
// the macOS .icns and the Linux icon set. Run: node build/make-icon.mjs
// A plain drawing (blue rounded square, white open book) so no binary asset needs a licence.
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 1024;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** RGBA of one pixel: transparent outside the rounded square, white for the book. */
function pixel(x, y) {
  const r = 200; // corner radius
  const m = 64; // margin
  const cx = Math.min(Math.max(x, m + r), SIZE - m - r);
  const cy = Math.min(Math.max(y, m + r), SIZE - m - r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return [0, 0, 0, 0];
  // Two pages of an open book, with a gap as the spine.
  const inBook = y > 300 && y < 720 && x > 232 && x < 792 && Math.abs(x - 512) > 14;
  const slope = Math.abs(x - 512) * 0.12;
  if (inBook && y > 300 + slope && y < 720 - slope * 0.2) return [255, 255, 255, 255];
  const t = y / SIZE;
  return [Math.round(22 + 20 * t), Math.round(119 - 30 * t), Math.round(255 - 40 * t), 255];
}

const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE);
for (let y = 0; y < SIZE; y++) {
  const row = y * (SIZE * 4 + 1);
  raw[row] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) raw.set(pixel(x, y), row + 1 + x * 4);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('./icon.png', import.meta.url), png);
console.log(`build/icon.png written (${png.length} bytes)`);
