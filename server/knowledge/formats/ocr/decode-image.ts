// Encoded pictures (png, jpeg, bmp, gif, webp) decoded to grey pixels for recognition, by @napi-rs/canvas. Its
// versions before 1.x crashed the process (SIGSEGV) on a truncated or corrupted picture instead of rejecting
// (Brooooooklyn/canvas#1309): an upload could stop the server. 1.x rejects, and ocr.test.ts holds it to that.
import { PermanentJobError } from '../../../jobs/worker';
import { grayFromRgba, type GrayImage } from './page-image';

/** Rows read from the canvas at a time: the grey copy is made without a second full-size RGBA buffer. */
const BAND_ROWS = 256;

/** A png, jpeg, bmp, gif or webp decoded to grey pixels on white (transparent parts are paper). */
export async function decodeWithCanvas(bytes: Buffer): Promise<GrayImage> {
  const { createCanvas, Image } = await import('@napi-rs/canvas');
  const image = new Image();
  try {
    image.src = bytes;
    await image.decode();
  } catch {
    throw new PermanentJobError('图片数据已损坏，无法解码，请检查文件后重新上传');
  }
  const { width, height } = image;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0);
  const data = new Uint8Array(width * height);
  for (let top = 0; top < height; top += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, height - top);
    data.set(grayFromRgba(context.getImageData(0, top, width, rows).data, width, rows).data, top * width);
  }
  return { width, height, data };
}
