// A TIFF's pages: their sizes read from the image file directories alone (nothing decompressed, so the pixel cap is
// checked first), the chain of directories followed with a bound and no loop, then each page decoded by utif2 when
// its turn comes.
import { createRequire } from 'node:module';
import type * as Utif from 'utif2';
import { grayFromRgba, type GrayImage } from './page-image';

/** Most pages a TIFF may chain: beyond it the file is taken as broken (or built to loop). */
const MAX_TIFF_PAGES = 10_000;

const require = createRequire(import.meta.url);

/** Whether the bytes start as a TIFF (little- or big-endian). */
export function isTiff(bytes: Buffer): boolean {
  return bytes.length >= 8 && (bytes.toString('latin1', 0, 4) === 'II*\u0000' || bytes.toString('latin1', 0, 4) === 'MM\u0000*');
}

/** Width and height of each page, from the directories' tags 256 and 257. */
export function tiffPageSizes(bytes: Buffer): { width: number; height: number }[] {
  const little = bytes[0] === 0x49;
  const u16 = (at: number) => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  const pages: { width: number; height: number }[] = [];
  const seen = new Set<number>();
  for (let offset = u32(4); offset !== 0; ) {
    if (seen.has(offset) || seen.size >= MAX_TIFF_PAGES || offset + 2 > bytes.length) throw new Error('TIFF directory chain is broken');
    seen.add(offset);
    const entries = u16(offset);
    const next = offset + 2 + entries * 12;
    if (next + 4 > bytes.length) throw new Error('TIFF directory is cut short');
    const size = { width: 0, height: 0 };
    for (let e = offset + 2; e < next; e += 12) {
      const tag = u16(e);
      // A SHORT (type 3) value sits in the entry's first two bytes, a LONG in its four.
      const value = u16(e + 2) === 3 ? u16(e + 8) : u32(e + 8);
      if (tag === 256) size.width = value;
      if (tag === 257) size.height = value;
    }
    pages.push(size);
    offset = u32(next);
  }
  return pages;
}

/** The TIFF's directories, each decoded to grey pixels on demand. */
export function tiffPages(bytes: Buffer): (() => GrayImage)[] {
  const UTIF = require('utif2') as typeof Utif;
  const ifds: Utif.IFD[] = UTIF.decode(bytes);
  return ifds.map((ifd) => () => {
    UTIF.decodeImage(bytes, ifd);
    const gray = grayFromRgba(UTIF.toRGBA8(ifd), ifd.width, ifd.height);
    // The decoded pixels are held by the directory: let them go with this page.
    ifd.data = new Uint8Array(0);
    return gray;
  });
}
