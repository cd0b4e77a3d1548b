// Types of bench/image-pdf.mjs, for its unit test (server/knowledge/formats/parsing-bench-helpers.test.ts).
export function jpegInfo(bytes: Buffer): { width: number; height: number; components: number };
export function imagePdf(pages: { jpeg: Buffer; dpi: number }[]): Buffer;
