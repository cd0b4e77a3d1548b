// The pure pieces of OCR: Tesseract's TSV made paragraphs, pages turned by quarter turns and boxes mapped back, the
// OSD answer read, the PDF render resolution under the pixel cap, TIFF directories walked with a bound.
import { describe, expect, it } from 'vitest';
import { turnOfOsd } from './ocr/native';
import { boxBeforeTurn, grayFromRgba, pgmBytes, rotateGray, type GrayImage } from './ocr/page-image';
import { dpiFor } from './ocr/pdf-pages';
import { tiffPageSizes } from './ocr/tiff';
import { joinWords, paragraphsOfTsv } from './ocr/tsv-blocks';

const HEADER = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
const word = (block: number, par: number, line: number, box: number[], text: string) =>
  ['5', '1', block, par, line, 1, ...box, 90, text].join('\t');

describe('TSV to paragraphs', () => {
  it('joins Chinese without the spaces Tesseract puts between its words, Latin words with one', () => {
    expect(joinWords('公称', '压力')).toBe('公称压力');
    expect(joinWords('DN50', '阀门')).toBe('DN50阀门');
    expect(joinWords('1.6', 'MPa')).toBe('1.6 MPa');
  });

  it('makes one paragraph per block and paragraph, lines joined, boxed by the union of its words', () => {
    const tsv = [
      HEADER,
      '1\t1\t0\t0\t0\t0\t0\t0\t1000\t800\t-1\t',
      word(1, 1, 1, [100, 100, 80, 40], '阀门'),
      word(1, 1, 1, [190, 100, 120, 40], '公称压力'),
      word(1, 1, 2, [100, 160, 60, 40], 'DN50'),
      word(1, 1, 2, [170, 160, 60, 40], 'Valve'),
      word(2, 1, 1, [100, 400, 50, 30], '附录'),
      word(2, 1, 2, [100, 450, 50, 30], ' '),
    ].join('\n');
    expect(paragraphsOfTsv(tsv)).toEqual([
      { text: '阀门公称压力DN50 Valve', box: [100, 100, 210, 100] },
      { text: '附录', box: [100, 400, 50, 30] },
    ]);
  });
});

describe('pages turned upright', () => {
  // A 3 × 2 image whose pixels are their own indexes: 0 1 2 / 3 4 5.
  const image: GrayImage = { width: 3, height: 2, data: Uint8Array.from([0, 1, 2, 3, 4, 5]) };

  it('turns the pixels clockwise by quarter turns', () => {
    expect(rotateGray(image, 90)).toEqual({ width: 2, height: 3, data: Uint8Array.from([3, 0, 4, 1, 5, 2]) });
    expect(rotateGray(image, 180)).toEqual({ width: 3, height: 2, data: Uint8Array.from([5, 4, 3, 2, 1, 0]) });
    expect(rotateGray(image, 270)).toEqual({ width: 2, height: 3, data: Uint8Array.from([2, 5, 1, 4, 0, 3]) });
    expect(rotateGray(rotateGray(image, 90), 270)).toEqual(image);
  });

  it('maps a box on the turned page back onto the page as it was', () => {
    // The top-left pixel (0) of the original, found after each turn, is back at the top left.
    for (const turn of [0, 90, 180, 270] as const) {
      const turned = rotateGray(image, turn);
      const at = turned.data.indexOf(0);
      const box: [number, number, number, number] = [at % turned.width, Math.floor(at / turned.width), 1, 1];
      expect(boxBeforeTurn(box, turn, 3, 2)).toEqual([0, 0, 1, 1]);
    }
    // A line across the page turned a quarter stands upright on the original.
    expect(boxBeforeTurn([10, 20, 300, 40], 90, 1000, 2000)).toEqual([20, 1690, 40, 300]);
  });

  it('makes grey from RGBA with transparency as white paper, and writes it as PGM', () => {
    const gray = grayFromRgba(Uint8Array.from([0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]), 3, 1);
    expect([...gray.data]).toEqual([0, 255, 255]);
    expect(pgmBytes(gray).toString('latin1')).toBe('P5\n3 1\n255\n\x00\xff\xff');
  });

  it('reads the turn from tesseract --psm 0, leaving a page alone when it is unsure', () => {
    expect(turnOfOsd('Page number: 0\nOrientation in degrees: 270\nRotate: 90\nOrientation confidence: 9.1\nScript: Han\n')).toBe(90);
    expect(turnOfOsd('Orientation in degrees: 180\nRotate: 180\nOrientation confidence: 0.2\n')).toBe(0);
    expect(turnOfOsd('Too few characters. Skipping this page\n')).toBe(0);
  });
});

describe('sizes under the pixel cap', () => {
  it('renders a page at 300 dpi, lower when that would pass the cap', () => {
    expect(dpiFor(595, 842, 50_000_000)).toBe(300);
    // A poster of 200 × 200 inches: 300 dpi would be 3.6 billion pixels.
    const dpi = dpiFor(14_400, 14_400, 50_000_000);
    expect(dpi).toBeLessThan(300);
    expect((14_400 / 72) * dpi * ((14_400 / 72) * dpi)).toBeLessThanOrEqual(50_000_000);
  });

  it('walks a TIFF directory chain and refuses one that loops', () => {
    const tiff = Buffer.alloc(64);
    tiff.write('II*\u0000', 0, 'latin1');
    tiff.writeUInt32LE(8, 4);
    tiff.writeUInt16LE(2, 8);
    tiff.writeUInt16LE(256, 10);
    tiff.writeUInt16LE(4, 12);
    tiff.writeUInt32LE(1, 14);
    tiff.writeUInt32LE(70_000, 18);
    tiff.writeUInt16LE(257, 22);
    tiff.writeUInt16LE(3, 24);
    tiff.writeUInt32LE(1, 26);
    tiff.writeUInt16LE(900, 30);
    expect(tiffPageSizes(tiff)).toEqual([{ width: 70_000, height: 900 }]);
    tiff.writeUInt32LE(8, 34); // the next directory is this one again
    expect(() => tiffPageSizes(tiff)).toThrow(/broken/);
  });
});
