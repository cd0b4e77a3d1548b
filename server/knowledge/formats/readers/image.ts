// Images (png, jpg, tif, bmp) read by recognising their text (ocr/). Their size is read from the headers first and
// refused over the pixel cap (IMAGE_MAX_PIXELS) before anything is decompressed: a small file can declare a huge
// image. A multi-page TIFF is read page by page. A block's box is in the image's pixels (one pixel, one point).
import { PermanentJobError } from '../../../jobs/worker';
import { decodeWithCanvas } from '../ocr/decode-image';
import { recognizePages, type PageSource } from '../ocr/recognize-pages';
import { DEFAULT_OCR_SETTINGS } from '../ocr/settings';
import { isTiff, tiffPageSizes, tiffPages } from '../ocr/tiff';
import { DEFAULT_DOC_MAX_PAGES, type Reader } from '../types';

/** Refuses a page over the cap, naming its size and the cap. */
export function assertWithinPixelCap(width: number, height: number, maxPixels: number): void {
  if (width * height <= maxPixels) return;
  const pixels = (n: number) => n.toLocaleString('en-US');
  throw new PermanentJobError(
    `图片过大：${width} × ${height} 像素（共 ${pixels(width * height)} 像素），超过上限 ${pixels(maxPixels)} 像素；请缩小后重新上传，或由管理员调整 IMAGE_MAX_PIXELS`,
  );
}

/** An image's pages: a TIFF's each, any other one page; sizes checked against the cap before decoding. */
async function imageSources(bytes: Buffer, maxPixels: number, maxPages: number): Promise<PageSource[]> {
  if (isTiff(bytes)) {
    const sizes = tiffPageSizes(bytes);
    if (sizes.length > maxPages) {
      throw new PermanentJobError(`TIFF 图片共 ${sizes.length} 页，超过每个文档 ${maxPages} 页的上限；如需处理，请联系管理员调高 DOC_MAX_PAGES 后重试`);
    }
    sizes.forEach(({ width, height }) => assertWithinPixelCap(width, height, maxPixels));
    return tiffPages(bytes).map((decode, i) => ({ page: i + 1, pointsPerPixel: 1, load: async () => decode() }));
  }
  const { imageSize } = await import('image-size');
  const { width, height } = imageSize(bytes);
  assertWithinPixelCap(width, height, maxPixels);
  return [{ page: 1, pointsPerPixel: 1, load: () => decodeWithCanvas(bytes) }];
}

/** An image's text, recognised page by page. */
export const readImage: Reader = async (bytes, context) => {
  const sources = await imageSources(bytes, (context.ocr ?? DEFAULT_OCR_SETTINGS).imageMaxPixels, context.maxPages ?? DEFAULT_DOC_MAX_PAGES);
  const blocks = await recognizePages(sources, context);
  return { blocks, pages: sources.length, ocrPages: sources.length };
};
