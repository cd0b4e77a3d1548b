// The content of an MCP tools/call result, split into the text (for the model and the user) and the images (for the
// user only). An image is kept only when it is one of TOOL_IMAGE_TYPES, its bytes are what its type says (a PNG
// that is really SVG or HTML is left out), and it fits the caps of one image, all images and their count. The text
// names each image where it was ([图片 image/png]) and says why one was left out, so neither the model nor the user
// ever reads base64.
import { TOOL_IMAGE_TYPES, TOOL_LIMITS, type ToolImageType } from '../../contract/api';

export type ToolImage = { mimeType: ToolImageType; data: Buffer };
export type ToolContent = { text: string; images: ToolImage[] };

const ALLOWED: ReadonlySet<string> = new Set(TOOL_IMAGE_TYPES);
const MB = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Whether the bytes start as the type says (magic numbers). */
function matchesType(type: ToolImageType, b: Buffer): boolean {
  const ascii = (from: number, to: number) => b.subarray(from, to).toString('latin1');
  switch (type) {
    case 'image/png':
      return b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
    case 'image/gif':
      return ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a';
    case 'image/webp':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
  }
}

/** Decoded size of base64 text, without decoding it. */
function decodedSize(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Keeps an image within the caps, or says why not; `kept` is what the call has kept so far. */
function imageOf(part: { data?: unknown; mimeType?: unknown }, kept: ToolImage[]): ToolImage | string {
  const mime = typeof part.mimeType === 'string' ? part.mimeType.toLowerCase().split(';')[0].trim() : '';
  if (!ALLOWED.has(mime)) return '只显示 PNG、JPEG、GIF、WebP 图片';
  const base64 = typeof part.data === 'string' ? part.data.replace(/\s+/g, '') : '';
  const size = decodedSize(base64);
  if (size > TOOL_LIMITS.imageMaxBytes) return `超过单张 ${MB(TOOL_LIMITS.imageMaxBytes)} 的上限`;
  if (!base64 || base64.length % 4 === 1 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return '图片数据无效';
  if (kept.length >= TOOL_LIMITS.imagesMax) return `一次调用最多显示 ${TOOL_LIMITS.imagesMax} 张图片`;
  if (kept.reduce((sum, i) => sum + i.data.byteLength, size) > TOOL_LIMITS.imagesMaxBytes) {
    return `一次调用的图片合计超过 ${MB(TOOL_LIMITS.imagesMaxBytes)}`;
  }
  const data = Buffer.from(base64, 'base64');
  if (!matchesType(mime as ToolImageType, data)) return '图片内容与类型不符';
  return { mimeType: mime as ToolImageType, data };
}

/** One content item as text, or an image kept aside. */
function partText(part: unknown, images: ToolImage[]): string {
  const p = (part ?? {}) as { type?: string; text?: unknown; mimeType?: unknown; resource?: { uri?: unknown; text?: unknown; blob?: unknown } };
  const mime = typeof p.mimeType === 'string' ? p.mimeType.slice(0, 100) : '未知类型';
  switch (p.type) {
    case 'text':
      return typeof p.text === 'string' ? p.text : JSON.stringify(part);
    case 'image': {
      const image = imageOf(p as { data?: unknown; mimeType?: unknown }, images);
      if (typeof image === 'string') return `[图片 ${mime} 未显示：${image}]`;
      images.push(image);
      return `[图片 ${image.mimeType}]`;
    }
    case 'audio':
      return `[音频 ${mime} 未显示]`;
    case 'resource':
      if (typeof p.resource?.text === 'string') return p.resource.text;
      if (p.resource?.blob !== undefined) return `[附件 ${String(p.resource.uri ?? '').slice(0, 200)} 未显示]`;
      return JSON.stringify(part);
    default:
      return JSON.stringify(part);
  }
}

/** The text and the images of a tools/call result: text parts as they are, images aside, anything else as JSON. */
export function mcpResultContent(content: unknown[], structured: unknown): ToolContent {
  if (structured !== undefined && content.length === 0) return { text: JSON.stringify(structured, null, 2), images: [] };
  const images: ToolImage[] = [];
  const text = content.map((part) => partText(part, images)).join('\n');
  return { text, images };
}
