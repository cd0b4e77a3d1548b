import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

const encode = (text: string) => new TextEncoder().encode(text);

/** Feeds `bytes` cut at the given positions and returns the events seen. */
function parseCut(bytes: Uint8Array, cuts: number[]): string[] {
  const events: string[] = [];
  const parser = createSseParser((d) => events.push(d));
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    parser.push(bytes.slice(from, cut));
    from = cut;
  }
  parser.end();
  return events;
}

describe('event-stream parser', () => {
  const chinese = 'data: {"text":"知识库中的文档按密级检索，😀表情也是四个字节"}\n\ndata: 第二帧：完成\n\n';
  const expected = ['{"text":"知识库中的文档按密级检索，😀表情也是四个字节"}', '第二帧：完成'];

  it('reads frames whole when they arrive in one chunk', () => {
    expect(parseCut(encode(chinese), [])).toEqual(expected);
  });

  it('gives the same frames when the bytes are cut at every position (inside characters and line ends)', () => {
    const bytes = encode(chinese);
    for (let cut = 1; cut < bytes.length; cut++) expect(parseCut(bytes, [cut]), `cut at ${cut}`).toEqual(expected);
  });

  it('gives the same frames when every byte arrives alone', () => {
    const bytes = encode(chinese);
    expect(parseCut(bytes, Array.from({ length: bytes.length - 1 }, (_, i) => i + 1))).toEqual(expected);
  });

  it('accepts data: with or without the space, CRLF and CR line ends', () => {
    const text = 'data:无空格\r\n\r\ndata: 有空格\r\rdata:  两个空格\n\n';
    expect(parseCut(encode(text), [])).toEqual(['无空格', '有空格', ' 两个空格']);
    const bytes = encode(text);
    for (let cut = 1; cut < bytes.length; cut++) expect(parseCut(bytes, [cut]), `cut at ${cut}`).toEqual(['无空格', '有空格', ' 两个空格']);
  });

  it('joins several data lines of one event with newlines', () => {
    expect(parseCut(encode('data: 第一行\ndata: 第二行\ndata:\n\n'), [])).toEqual(['第一行\n第二行\n']);
  });

  it('ignores comments, other fields and events without data', () => {
    const text = ': keep-alive\n\nevent: message\nid: 7\nretry: 100\ndata: 内容\n\nevent: ping\n\n';
    expect(parseCut(encode(text), [])).toEqual(['内容']);
  });

  it('keeps [DONE] and a last frame without the blank line at the end of the body', () => {
    expect(parseCut(encode('data: a\n\ndata: [DONE]'), [])).toEqual(['a', '[DONE]']);
  });

  it('does not take a CR at the end of one chunk and an LF at the start of the next for two line ends', () => {
    // If the LF counted as a second (blank) line, "甲" would be dispatched alone before "乙".
    expect(parseCut(encode('data: 甲\r\ndata: 乙\r\n\r\n'), [10])).toEqual(['甲\n乙']);
  });
});
