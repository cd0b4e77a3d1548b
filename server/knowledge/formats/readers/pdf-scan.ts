// Which PDF pages are scans (issue 29 §3): a page with no text layer, or only a few characters, whose images cover
// most of it. A blank page, or one holding a figure and its caption, is not: a born-digital PDF never goes to OCR.

/** The pdf.js operator codes this module follows (pdf.js OPS). */
export type ImageOps = {
  save: number; restore: number; transform: number; paintFormXObjectBegin: number; paintFormXObjectEnd: number;
  paintImageXObject: number; paintInlineImageXObject: number; paintImageMaskXObject: number;
};

/** A page with fewer characters than this may be a scan with a stamp or a page number printed on it. */
export const FEW_CHARACTERS = 20;
/** A page whose images cover at least this share of its area is a scan (when it has few characters). */
export const SCAN_COVERAGE = 0.5;

/** The product of two PDF matrices [a b c d e f] (m applied first, then n), as a canvas's transform does. */
function then(n: number[], m: number[]): number[] {
  return [
    n[0] * m[0] + n[2] * m[1], n[1] * m[0] + n[3] * m[1],
    n[0] * m[2] + n[2] * m[3], n[1] * m[2] + n[3] * m[3],
    n[0] * m[4] + n[2] * m[5] + n[4], n[1] * m[4] + n[3] * m[5] + n[5],
  ];
}

/**
 * The share of a page's area its images cover (summed over the images, at most 1), from the page's operator list:
 * an image fills the unit square under the current transform, followed through save, restore, transform and form
 * XObjects. `area` is the page's area in user space.
 */
export function imageCoverage(fnArray: number[], argsArray: unknown[], ops: ImageOps, area: number): number {
  let ctm = [1, 0, 0, 1, 0, 0];
  const stack: number[][] = [];
  let covered = 0;
  const images = new Set([ops.paintImageXObject, ops.paintInlineImageXObject, ops.paintImageMaskXObject]);
  fnArray.forEach((fn, i) => {
    const args = argsArray[i] as unknown[] | null;
    if (fn === ops.save) stack.push(ctm);
    else if (fn === ops.restore) ctm = stack.pop() ?? ctm;
    else if (fn === ops.transform && args) ctm = then(ctm, args as number[]);
    else if (fn === ops.paintFormXObjectBegin) {
      stack.push(ctm);
      const matrix = args?.[0];
      if (Array.isArray(matrix) && matrix.length === 6) ctm = then(ctm, matrix as number[]);
    } else if (fn === ops.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (images.has(fn)) covered += Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]);
  });
  return area > 0 ? Math.min(covered / area, 1) : 0;
}

/** The characters of a page's text, spaces left out. */
export function characterCount(texts: string[]): number {
  let n = 0;
  for (const t of texts) n += t.replace(/\s+/g, '').length;
  return n;
}
