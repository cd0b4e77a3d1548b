// The text of the pictures inside a document (issue 29 §3): a docx's, a pptx's or an OFD's pictures that may hold text
// (a screenshot, a scanned page pasted in, a diagram's labels) are recognised with one engine, and their paragraphs
// take the place the reader marked for each picture (TextBlock.image), at the picture's slide or page and, on a page,
// inside its box. Left out, the document's own text standing without them: pictures too small to hold a line of text
// (icons, bullets), pictures shown in many places (a logo on every slide), pictures no decoder here reads (EMF and
// WMF drawings), pictures over the pixel cap, pictures beyond the page cap in number, a picture that fails to decode,
// and all of them when no engine can be opened. A picture shown in a few places is read once. A stop stops.
import { createHash } from 'node:crypto';
import type { EmbeddedImage, ReadContext, ReadDocument, SourcePosition, TextBlock } from '../types';
import { DEFAULT_DOC_MAX_PAGES } from '../types';
import { decodeWithCanvas } from './decode-image';
import type { OcrEngine } from './engine';
import { openEngine } from './open-engine';
import type { Box, GrayImage } from './page-image';
import { imageParagraphs } from './recognize-pages';
import { DEFAULT_OCR_SETTINGS } from './settings';
import { isTiff, tiffPageSizes, tiffPages } from './tiff';

/** A picture narrower or lower than this many pixels holds no line of text worth reading. */
export const MIN_PICTURE_SIDE = 20;
/** A picture of fewer pixels than this (an icon, a bullet, a rule) is not recognised. */
export const MIN_PICTURE_PIXELS = 10_000;

/** A picture to recognise: its index in `images`, how to get its pixels. */
type Candidate = { index: number; load: () => Promise<GrayImage> };

/** A picture's size from its header alone, and how to decode it; null when it is not one the decoders read. */
async function candidate(bytes: Buffer, index: number, maxPixels: number): Promise<Candidate | null> {
  let size: { width: number; height: number };
  let load: () => Promise<GrayImage>;
  try {
    if (isTiff(bytes)) {
      size = tiffPageSizes(bytes)[0] ?? { width: 0, height: 0 };
      load = async () => tiffPages(bytes)[0]();
    } else {
      const { imageSize } = await import('image-size');
      const found = imageSize(bytes);
      if (!['png', 'jpg', 'bmp', 'gif', 'webp'].includes(found.type ?? '')) return null;
      size = { width: found.width, height: found.height };
      load = () => decodeWithCanvas(bytes);
    }
  } catch {
    return null;
  }
  const { width, height } = size;
  if (Math.min(width, height) < MIN_PICTURE_SIDE || width * height < MIN_PICTURE_PIXELS || width * height > maxPixels) return null;
  return { index, load };
}

/** Where a paragraph of a picture sits: the picture's place, and on a page a box inside the picture's box. */
function paragraphAt(at: SourcePosition, box: Box, image: GrayImage): SourcePosition {
  if (!at.box) return { ...at };
  const [x, y, w, h] = at.box;
  const sx = w / image.width;
  const sy = h / image.height;
  const round = (v: number) => Math.round(v * 10) / 10;
  return { ...at, box: [round(x + box[0] * sx), round(y + box[1] * sy), round(box[2] * sx), round(box[3] * sy)] };
}

/**
 * Each chosen picture's paragraphs at each of its places, by the place's index in `images`; a picture that cannot be
 * read has none.
 */
async function recognizeAll(
  engine: OcrEngine, read: ReadDocument, chosen: Candidate[], placesOf: Map<number, number[]>, context: ReadContext,
): Promise<Map<number, TextBlock[]>> {
  const found = new Map<number, TextBlock[]>();
  for (const [n, { index, load }] of chosen.entries()) {
    context.signal?.throwIfAborted();
    try {
      const image = await load();
      const paragraphs = await imageParagraphs(engine, image);
      for (const place of placesOf.get(index) ?? [index]) {
        const at = read.images?.[place]?.at ?? {};
        found.set(place, paragraphs.map((p) => ({ kind: 'paragraph', text: p.text, at: paragraphAt(at, p.box, image) })));
      }
    } catch {
      if (context.signal?.aborted) throw context.signal.reason;
      // This picture only: the document's text and the other pictures stand.
    }
    context.progress?.(n + 1, chosen.length, 'picture');
  }
  return found;
}

/** A picture shown in this many places or more (a logo on every slide, a letterhead) is decoration: not read. */
export const DECORATION_PLACES = 3;

/** The pictures by their content: each distinct picture's places (indexes in `images`), in order of first place. */
function distinctPictures(images: EmbeddedImage[]): number[][] {
  const byContent = new Map<string, number[]>();
  images.forEach((image, i) => {
    const key = createHash('sha1').update(image.bytes).digest('hex');
    const places = byContent.get(key);
    if (places) places.push(i);
    else byContent.set(key, [i]);
  });
  return [...byContent.values()];
}

/**
 * The document's blocks with each picture's recognised text where the picture sits (pictures the reader placed
 * nowhere at the end), the place marks gone. A picture shown in several places is recognised once; one shown in
 * DECORATION_PLACES or more is not read at all.
 */
export async function withPictureText(read: ReadDocument, context: ReadContext): Promise<TextBlock[]> {
  const images = read.images ?? [];
  const { imageMaxPixels } = context.ocr ?? DEFAULT_OCR_SETTINGS;
  const candidates: Candidate[] = [];
  const placesOf = new Map<number, number[]>();
  for (const places of distinctPictures(images)) {
    if (places.length >= DECORATION_PLACES) continue;
    if (candidates.length >= (context.maxPages ?? DEFAULT_DOC_MAX_PAGES)) break;
    const c = await candidate(images[places[0]].bytes, places[0], imageMaxPixels);
    if (!c) continue;
    candidates.push(c);
    placesOf.set(c.index, places);
  }
  let found = new Map<number, TextBlock[]>();
  if (candidates.length) {
    let engine: OcrEngine | null = null;
    try {
      engine = await openEngine(context.ocr ?? DEFAULT_OCR_SETTINGS, context.signal);
    } catch {
      // No engine (OCR_ENGINE=tesseract without the binary): the document's own text stands.
      if (context.signal?.aborted) throw context.signal.reason;
    }
    if (engine) {
      try {
        found = await recognizeAll(engine, read, candidates, placesOf, context);
      } finally {
        await engine.close();
      }
    }
  }
  const placed = new Set<number>();
  const blocks = read.blocks.flatMap((b) => {
    if (b.image === undefined) return [b];
    placed.add(b.image);
    return found.get(b.image) ?? [];
  });
  for (const [index, text] of found) if (!placed.has(index)) blocks.push(...text);
  return blocks;
}
