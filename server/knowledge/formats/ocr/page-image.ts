// A page to recognise as 8-bit grey pixels: what both engines read (as PGM, which Leptonica reads without a codec),
// turned upright by quarter turns, and the way back from the upright page's pixels to the original's.

/** A page's pixels, one byte of grey each, row by row from the top left. */
export type GrayImage = { width: number; height: number; data: Uint8Array };

/** A quarter turn clockwise, in degrees. */
export type Turn = 0 | 90 | 180 | 270;

/** Grey from RGBA pixels (as a canvas or utif2 gives them); transparent pixels count as white paper. */
export function grayFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) {
    const luma = (rgba[p] * 299 + rgba[p + 1] * 587 + rgba[p + 2] * 114) / 1000;
    const alpha = rgba[p + 3] / 255;
    data[i] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return { width, height, data };
}

/** The image turned clockwise by `turn`. */
export function rotateGray(image: GrayImage, turn: Turn): GrayImage {
  if (turn === 0) return image;
  const { width: w, height: h, data } = image;
  if (turn === 180) return { width: w, height: h, data: data.slice().reverse() };
  const out = new Uint8Array(w * h);
  // Turned a quarter, the page is h wide and w high; each target row reads one source column.
  for (let y = 0; y < w; y++) {
    for (let x = 0; x < h; x++) {
      out[y * h + x] = turn === 90 ? data[(h - 1 - x) * w + y] : data[x * w + (w - 1 - y)];
    }
  }
  return { width: h, height: w, data: out };
}

/** The image as a binary PGM file (P5). */
export function pgmBytes(image: GrayImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
  return Buffer.concat([header, image.data]);
}

/** A box [x, y, w, h]. */
export type Box = [number, number, number, number];

/**
 * A box found on the page turned clockwise by `turn`, where it is on the page as it was (`width` × `height`, the
 * original's size).
 */
export function boxBeforeTurn(box: Box, turn: Turn, width: number, height: number): Box {
  const [x, y, w, h] = box;
  if (turn === 90) return [y, height - (x + w), h, w];
  if (turn === 180) return [width - (x + w), height - (y + h), w, h];
  if (turn === 270) return [width - (y + h), x, h, w];
  return box;
}
