// What of an MCP tool's answer is shown as an image, and what the text says instead (issue 27 §6): a table of
// images a hostile or careless tool server may send.
import { describe, expect, it } from 'vitest';
import { TOOL_LIMITS } from '../../contract/api';
import { mcpResultContent } from './result-content';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const WEBP = Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
const image = (mimeType: unknown, data: Buffer | string) => ({ type: 'image', mimeType, data: typeof data === 'string' ? data : data.toString('base64') });

describe('the images of a tool’s answer', () => {
  it.each([
    ['a PNG', image('image/png', PNG), '[图片 image/png]', 1],
    ['a JPEG', image('image/jpeg', JPEG), '[图片 image/jpeg]', 1],
    ['a GIF', image('image/gif', GIF), '[图片 image/gif]', 1],
    ['a WebP', image('image/webp', WEBP), '[图片 image/webp]', 1],
    ['a type in capitals with parameters', image('IMAGE/PNG; charset=binary', PNG), '[图片 image/png]', 1],
    ['SVG (it can carry script)', image('image/svg+xml', SVG), '[图片 image/svg+xml 未显示：只显示 PNG、JPEG、GIF、WebP 图片]', 0],
    ['SVG labelled PNG', image('image/png', SVG), '[图片 image/png 未显示：图片内容与类型不符]', 0],
    ['HTML labelled GIF', image('image/gif', Buffer.from('<html><script>x</script>')), '[图片 image/gif 未显示：图片内容与类型不符]', 0],
    ['a JPEG labelled PNG', image('image/png', JPEG), '[图片 image/png 未显示：图片内容与类型不符]', 0],
    ['no type', image(undefined, PNG), '[图片 未知类型 未显示：只显示 PNG、JPEG、GIF、WebP 图片]', 0],
    ['data that is not base64', image('image/png', '<svg>not base64</svg>'), '[图片 image/png 未显示：图片数据无效]', 0],
    ['empty data', image('image/png', ''), '[图片 image/png 未显示：图片数据无效]', 0],
    ['one over the size cap', image('image/png', Buffer.concat([PNG, Buffer.alloc(TOOL_LIMITS.imageMaxBytes)])), '[图片 image/png 未显示：超过单张 1 MB 的上限]', 0],
    ['audio', { type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' }, '[音频 audio/wav 未显示]', 0],
    ['a binary resource', { type: 'resource', resource: { uri: 'file:///x.bin', blob: 'AAAA' } }, '[附件 file:///x.bin 未显示]', 0],
  ])('%s', (_name, part, text, kept) => {
    const out = mcpResultContent([part], undefined);
    expect(out.text).toBe(text);
    expect(out.images).toHaveLength(kept);
  });

  it('keeps at most the count and the total size of one call, in order, and says what was left out', () => {
    const big = Buffer.concat([PNG, Buffer.alloc(TOOL_LIMITS.imageMaxBytes - 100)]);
    const four = mcpResultContent([image('image/png', big), image('image/png', big), image('image/png', big), image('image/png', PNG)], undefined);
    expect(four.images.map((i) => i.data.byteLength)).toEqual([big.byteLength, big.byteLength, PNG.byteLength]);
    expect(four.text).toBe('[图片 image/png]\n[图片 image/png]\n[图片 image/png 未显示：一次调用的图片合计超过 2 MB]\n[图片 image/png]');
    const six = mcpResultContent(Array.from({ length: 6 }, () => image('image/png', PNG)), undefined);
    expect(six.images).toHaveLength(TOOL_LIMITS.imagesMax);
    expect(six.text.split('\n').at(-1)).toBe('[图片 image/png 未显示：一次调用最多显示 4 张图片]');
  });

  it('keeps text as it is and the structured answer of a result without content', () => {
    expect(mcpResultContent([{ type: 'text', text: '好' }, image('image/png', PNG)], undefined).text).toBe('好\n[图片 image/png]');
    expect(mcpResultContent([], { total: 3 }).text).toBe('{\n  "total": 3\n}');
  });
});
