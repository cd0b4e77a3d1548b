// OCR offline on the CPU (issue 29 §3, §8): images of every accepted encoding and scanned PDF pages read in Chinese
// and English by both engines (the native tesseract when installed, tesseract.js always), pages turned upright,
// boxes on the original page, the pixel cap refusing decompression bombs, progress reported, a stop obeyed.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PermanentJobError } from '../../jobs/worker';
import type { ZipLimits } from '../../uploads/limits';
import { bmpOf, jpegOf, pngHeaderOnly, pngOf, scannedPdf, textPage, tiffOf } from '../../test-support/scan-fixtures';
import { readDocument } from '.';
import { recognizePdfPages } from './ocr';
import { nativeTesseract } from './ocr/native';
import { DEFAULT_OCR_SETTINGS, type OcrEngineChoice } from './ocr/settings';
import { readImage } from './readers/image';
import type { ReadContext, TextBlock } from './types';

const LIMITS: ZipLimits = { maxBytes: 1 << 28, maxRatio: 100, maxEntries: 1000 };
const NATIVE = (await nativeTesseract(null)) !== null;
const context = (engine: OcrEngineChoice, more: Partial<ReadContext> = {}): ReadContext => ({
  limits: LIMITS, ocr: { ...DEFAULT_OCR_SETTINGS, engine }, ...more,
});
/** What was read, spaces dropped (Tesseract's spacing of Chinese is not the point). */
const textOf = (blocks: TextBlock[]) => blocks.map((b) => b.text).join('\n').replace(/\s+/g, '');

/** What a block without a box is taken as: outside every page, so the checks of its box fail. */
const NO_BOX: [number, number, number, number] = [-1, -1, -1, -1];
const LINES = ['阀门的公称压力为十六兆帕', 'DN50 Valve PN16'];
const page = textPage(LINES, { size: 44 });

function expectRead(blocks: TextBlock[]) {
  const text = textOf(blocks);
  expect(text).toContain('公称压力');
  expect(text).toContain('DN50');
  for (const b of blocks) {
    expect(b.at.page).toBe(1);
    const [x, y, w, h] = b.at.box ?? NO_BOX;
    expect(x).toBeGreaterThanOrEqual(0);
    expect(y).toBeGreaterThanOrEqual(0);
    expect(x + w).toBeLessThanOrEqual(page.width);
    expect(y + h).toBeLessThanOrEqual(page.height);
  }
}

describe('images read by OCR', { timeout: 120_000 }, () => {
  it('reads a PNG in Chinese and English with the embedded tesseract.js, each paragraph boxed on its page', async () => {
    const read = await readImage(pngOf(page), context('tesseract.js'));
    expectRead(read.blocks);
    expect(read).toMatchObject({ pages: 1, ocrPages: 1 });
  });

  it.runIf(NATIVE)('reads the same PNG with the native tesseract when it is installed', async () => {
    expectRead((await readImage(pngOf(page), context('tesseract'))).blocks);
  });

  it('reads JPEG and BMP through the document registry', async () => {
    for (const [bytes, type] of [[jpegOf(page), 'jpg'], [bmpOf(page), 'bmp']] as const) {
      expectRead((await readDocument(bytes, type, context('auto'))).blocks);
    }
  });

  it('reads a multi-page TIFF page by page, reporting each page done', async () => {
    const second = textPage(['第二页：安装要求', 'Install 2026'], { size: 44 });
    const seen: [number, number][] = [];
    const read = await readDocument(tiffOf([page, second]), 'tif', context('auto', { progress: (done, total) => seen.push([done, total]) }));
    expect(seen).toEqual([[1, 2], [2, 2]]);
    expect(textOf(read.blocks.filter((b) => b.at.page === 1))).toContain('公称压力');
    expect(textOf(read.blocks.filter((b) => b.at.page === 2))).toContain('安装要求');
    expect(read).toMatchObject({ pages: 2, ocrPages: 2 });
  });

  it.each(['tesseract.js', ...(NATIVE ? ['tesseract'] : [])] as OcrEngineChoice[])(
    'turns a page scanned sideways upright before reading it (%s), its boxes on the page as scanned',
    async (engine) => {
      const turned = textPage(['阀门的公称压力为十六兆帕', '管道安装应符合设计要求', 'DN50 Valve PN16 Install'], { size: 44, turn: 90 });
      const { blocks } = await readImage(pngOf(turned), context(engine));
      const text = textOf(blocks);
      expect(text).toContain('公称压力');
      expect(text).toContain('DN50');
      // Written lines of a page turned a quarter stand upright in the image: higher than wide.
      const [, , w, h] = blocks.find((b) => b.text.includes('公称'))?.at.box ?? NO_BOX;
      expect(h).toBeGreaterThan(w);
      expect(h).toBeLessThanOrEqual(turned.height);
    },
  );
});

describe('scanned PDF pages', { timeout: 120_000 }, () => {
  // Two A5-sized pages at 150 dpi, each one JPEG and no text layer.
  const second = textPage(['第三章 运行维护', 'Pressure test 2.4 MPa'], { size: 44 });
  const pdf = scannedPdf([page, second].map((p) => ({ jpeg: jpegOf(p), width: (p.width * 72) / 150, height: (p.height * 72) / 150, pixels: [p.width, p.height] })));

  it('recognises the given pages at 300 dpi, blocks at their page with boxes in points', async () => {
    const seen: number[] = [];
    const blocks = await recognizePdfPages(pdf, [1, 2], context('auto', { progress: (done) => seen.push(done) }));
    expect(seen).toEqual([1, 2]);
    expect(textOf(blocks.filter((b) => b.at.page === 1))).toContain('公称压力');
    expect(textOf(blocks.filter((b) => b.at.page === 2))).toContain('运行维护');
    for (const b of blocks) {
      const [x, y, w, h] = b.at.box ?? NO_BOX;
      const size = b.at.page === 1 ? page : second;
      expect(x + w).toBeLessThanOrEqual((size.width * 72) / 150 + 0.5);
      expect(y + h).toBeLessThanOrEqual((size.height * 72) / 150 + 0.5);
    }
    // The first line sits a margin from the top: 44 px at 150 dpi is about 21 points.
    const first = blocks.find((b) => b.text.includes('公称'))?.at.box ?? NO_BOX;
    expect(first[1]).toBeGreaterThan(10);
    expect(first[1]).toBeLessThan(40);
  });

  it('reads only the pages asked for', async () => {
    const blocks = await recognizePdfPages(pdf, [2], context('auto'));
    expect(new Set(blocks.map((b) => b.at.page))).toEqual(new Set([2]));
  });
});

describe('the pixel cap (decompression bombs)', () => {
  it('refuses an image whose header declares more pixels than the cap, before decoding it, naming both', async () => {
    const bomb = pngHeaderOnly(60_000, 60_000);
    const err = await readDocument(bomb, 'png', context('auto')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PermanentJobError);
    expect((err as Error).message).toMatch(/图片过大：60000 × 60000 像素.*3,600,000,000.*上限 50,000,000 像素.*IMAGE_MAX_PIXELS/);
  });

  it('follows the configured cap, for each page of a TIFF', async () => {
    const small = { ...context('auto'), ocr: { ...DEFAULT_OCR_SETTINGS, imageMaxPixels: page.width * page.height - 1 } };
    await expect(readImage(pngOf(page), small)).rejects.toThrow(/图片过大/);
    await expect(readImage(tiffOf([textPage(['一']), page]), small)).rejects.toThrow(/图片过大/);
  });

  it('refuses a TIFF of more pages than a document may have (DOC_MAX_PAGES), before recognising any', async () => {
    const two = tiffOf([textPage(['一']), textPage(['二'])]);
    await expect(readImage(two, { ...context('auto'), maxPages: 1 })).rejects.toThrow('TIFF 图片共 2 页，超过每个文档 1 页的上限');
  });
});

describe('corrupted images', () => {
  /** The bytes with every seventh byte after the header flipped: a whole file whose data is garbage. */
  const garbled = (bytes: Buffer) => {
    const out = Buffer.from(bytes);
    for (let i = 60; i < out.length - 20; i += 7) out[i] ^= 0x5a;
    return out;
  };

  // The canvas decoder crashed the whole process on these (SIGSEGV, the test worker gone): now each is one failed document.
  it.each([
    ['png', () => garbled(pngOf(page))],
    ['jpg', () => jpegOf(page).subarray(0, Math.floor(jpegOf(page).length * 0.2))],
    ['png', () => pngOf(page).subarray(0, 40)],
  ] as const)('fails a corrupted %s in Chinese, without stopping the process', async (type, bytes) => {
    const err = await readDocument(bytes(), type, context('auto')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PermanentJobError);
    // A cut JPEG decodes as far as it goes (grey below): no text, but no crash either; a broken PNG is refused.
    expect((err as Error).message).toMatch(type === 'png' ? /图片数据已损坏/ : /图片数据已损坏|没有可提取的文字/);
  });
});

describe('stopping a reading', { timeout: 60_000 }, () => {
  const big = textPage(Array.from({ length: 14 }, (_, i) => `第${i + 1}行：阀门的公称压力为十六兆帕，管道安装应符合设计要求`), { size: 40 });

  /** The tesseract processes this test process started that still run. */
  const ourTesseracts = () => {
    try {
      return execFileSync('pgrep', ['-P', String(process.pid), '-x', 'tesseract'], { encoding: 'utf8' }).trim();
    } catch {
      return ''; // pgrep finds none
    }
  };

  it.each(['tesseract.js', ...(NATIVE ? ['tesseract'] : [])] as OcrEngineChoice[])('ends the running page at once when stopped (%s)', async (engine) => {
    const controller = new AbortController();
    const reading = readImage(tiffOf([big, big, big]), context(engine, { signal: controller.signal }));
    let running = '';
    let stoppedAt = 0;
    setTimeout(() => {
      running = ourTesseracts();
      stoppedAt = Date.now();
      controller.abort(new Error('stopped'));
    }, 2000);
    await expect(reading).rejects.toThrow('stopped');
    // Three pages of fourteen lines take far longer: the page under way was ended, not waited for.
    expect(Date.now() - stoppedAt).toBeLessThan(500);
    if (engine === 'tesseract') {
      expect(running).not.toBe('');
      await expect.poll(ourTesseracts, { timeout: 1000 }).toBe('');
    }
  });
});
