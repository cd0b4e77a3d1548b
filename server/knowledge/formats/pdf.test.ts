import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { PermanentJobError } from '../../jobs/worker';
import { makeLayoutPdf, type PlacedText } from '../../test-support/pdf-layout';
import { readDocument } from './index';
import { recognizePdfPages } from './ocr';
import type { ReadContext, TextBlock } from './types';

vi.mock('./ocr', () => ({ recognizePdfPages: vi.fn() }));
const recognize = vi.mocked(recognizePdfPages);
afterEach(() => recognize.mockReset());

const CONTEXT: ReadContext = { limits: { maxBytes: 1 << 30, maxRatio: 100, maxEntries: 10_000 } };
const FIXTURES = path.join(__dirname, '../../../tests/fixtures/pdf');
const read = (bytes: Buffer, context: Partial<ReadContext> = {}) => readDocument(bytes, 'pdf', { ...CONTEXT, ...context });
const texts = (blocks: TextBlock[]) => blocks.map((b) => b.text);

/** Lines of body text set as a paragraph: 11 pt, 16 pt apart, from y downwards. */
const lines = (x: number, y: number, ...text: string[]): PlacedText[] => text.map((t, i) => ({ x, y: y + i * 16, text: t, size: 11 }));

describe('reading a PDF', () => {
  it('gives each paragraph its page and its box in points from the top left, lines joined', async () => {
    const pdf = makeLayoutPdf([
      { texts: lines(72, 100, '阀门安装前应检查密封面是否完好，', '并清除管道内的杂物。') },
      { texts: [...lines(72, 200, 'Valves are checked before they', 'are installed.'), ...lines(300, 500, '第二页的另一段。')] },
    ]);
    const { blocks, pages, ocrPages } = await read(pdf);
    expect(pages).toBe(2);
    expect(ocrPages).toBeUndefined();
    expect(texts(blocks)).toEqual(['阀门安装前应检查密封面是否完好，并清除管道内的杂物。', 'Valves are checked before they are installed.', '第二页的另一段。']);
    expect(blocks.map((b) => b.at.page)).toEqual([1, 2, 2]);
    // Every glyph of the test font is one em wide: 16 characters of 11 pt, two baselines 16 pt apart.
    const [x, y, w, h] = blocks[0].at.box as number[];
    expect([x, w]).toEqual([72, 16 * 11]);
    expect(y).toBeGreaterThanOrEqual(100 - 11);
    expect(y).toBeLessThan(100);
    expect(y + h).toBeGreaterThan(116);
    expect(y + h).toBeLessThanOrEqual(116 + 11);
    expect(blocks[2].at.box?.[0]).toBe(300);
  });

  it('starts a new paragraph at a wider gap, an indent, or after a short last line', async () => {
    const pdf = makeLayoutPdf([{ texts: [
      ...lines(72, 100, '第一段的第一行文字很长很长很长很长', '第一段结束。'),
      ...lines(72, 132, '第二段紧跟在短行之后,也很长很长很', '第二段的第二行。'),
      ...lines(72, 200, '第三段前面空了一行。'),
      ...lines(94, 216, '第四段首行缩进两个字,后面还有很长'),
      ...lines(72, 232, '第四段的第二行。'),
    ] }]);
    expect(texts((await read(pdf)).blocks)).toEqual([
      '第一段的第一行文字很长很长很长很长第一段结束。', '第二段紧跟在短行之后,也很长很长很第二段的第二行。',
      '第三段前面空了一行。', '第四段首行缩进两个字,后面还有很长第四段的第二行。',
    ]);
  });

  it('makes headings of text clearly larger than the body, levels by size', async () => {
    const pdf = makeLayoutPdf([{ texts: [
      { x: 72, y: 80, text: '第 3 章 安装', size: 20 },
      { x: 72, y: 120, text: '3.2 安装要求', size: 15 },
      ...lines(72, 150, '安装前应关闭上游阀门并泄压,确认管道内无', '介质后方可拆卸。'),
      { x: 72, y: 220, text: '3.3 调试', size: 15 },
      ...lines(72, 250, '调试时缓慢开启阀门。'),
    ] }]);
    const { blocks } = await read(pdf);
    expect(blocks.map((b) => [b.kind, b.level, b.text])).toEqual([
      ['heading', 1, '第 3 章 安装'], ['heading', 2, '3.2 安装要求'], ['paragraph', undefined, '安装前应关闭上游阀门并泄压,确认管道内无介质后方可拆卸。'],
      ['heading', 2, '3.3 调试'], ['paragraph', undefined, '调试时缓慢开启阀门。'],
    ]);
  });

  it('reads text set in a grid as rows written with the first row as header, each at its page and box', async () => {
    const cols = [72, 180, 300];
    const row = (y: number, cells: string[]) => cells.map((text, i) => ({ x: cols[i], y, text, size: 10 }));
    const pdf = makeLayoutPdf([{ texts: [
      ...lines(72, 80, '表 1 阀门参数'),
      ...row(110, ['型号', '公称压力', '材质']), ...row(128, ['DN50', '1.6 MPa', '铸钢']),
      ...row(146, ['DN80', '2.5 MPa', '不锈钢']), ...row(164, ['DN100', '4.0 MPa', '']),
      ...lines(72, 200, '表后的说明文字。'),
    ] }]);
    const { blocks } = await read(pdf);
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', '表 1 阀门参数'],
      ['row', '型号: DN50；公称压力: 1.6 MPa；材质: 铸钢'], ['row', '型号: DN80；公称压力: 2.5 MPa；材质: 不锈钢'],
      ['row', '型号: DN100；公称压力: 4.0 MPa'], ['paragraph', '表后的说明文字。'],
    ]);
    expect(blocks[1].at).toMatchObject({ page: 1, box: [72, expect.any(Number), 300 + 20 - 72, expect.any(Number)] });
    expect(blocks[1].at.box?.[1]).toBeGreaterThan(110);
  });

  it('keeps a table\'s header for its rows on the next page, and for rows after a break in the grid', async () => {
    const cols = [72, 200];
    const row = (y: number, cells: string[]) => cells.map((text, i) => ({ x: cols[i], y, text, size: 10 }));
    const pdf = makeLayoutPdf([
      { texts: [...row(700, ['软件包', '说明']), ...row(714, ['bash', '命令解释器']), ...row(728, ['coreutils', '基本工具'])] },
      { texts: [
        { x: 72, y: 40, text: '手册', size: 10 }, { x: 480, y: 40, text: '2 / 2', size: 10 },
        ...row(80, ['openssl', '加密工具']), ...row(94, ['gnupg', '签名工具']),
        ...lines(72, 108, '一个跨了两行的软件包说明,它的第一栏'), ...row(138, ['git', '版本控制']), ...row(152, ['vim', '编辑器']),
      ] },
    ]);
    const rows = (await read(pdf)).blocks.filter((b) => b.kind === 'row');
    expect(rows.map((b) => [b.at.page, b.text])).toEqual([
      [1, '软件包: bash；说明: 命令解释器'], [1, '软件包: coreutils；说明: 基本工具'],
      [2, '软件包: openssl；说明: 加密工具'], [2, '软件包: gnupg；说明: 签名工具'],
      [2, '软件包: git；说明: 版本控制'], [2, '软件包: vim；说明: 编辑器'],
    ]);
  });

  it('measures the body by its running text: a long table in small type does not make the notes headings', async () => {
    const row = (y: number, cells: string[]) => cells.map((text, i) => ({ x: [72, 200][i], y, text, size: 9 }));
    const pdf = makeLayoutPdf([{ texts: [
      ...row(100, ['型号', '说明']),
      ...Array.from({ length: 12 }, (_v, i) => row(112 + i * 12, [`DN${50 + i * 10}`, '适用于常温清水管道的铸钢闸阀'])).flat(),
      ...lines(72, 300, '注：以上参数仅供选型参考。'),
    ] }]);
    const { blocks } = await read(pdf);
    expect(blocks.filter((b) => b.kind === 'row')).toHaveLength(12);
    expect(blocks[blocks.length - 1]).toMatchObject({ kind: 'paragraph', text: '注：以上参数仅供选型参考。' });
  });

  it('does not make a table of two numbered headings that line up', async () => {
    const pdf = makeLayoutPdf([{ texts: [
      { x: 72, y: 100, text: '1.1', size: 16 }, { x: 140, y: 100, text: '控制台基础', size: 16 },
      { x: 72, y: 130, text: '1.2', size: 13 }, { x: 140, y: 130, text: 'shell 提示符', size: 13 },
      ...lines(72, 160, '启动系统之后会看到登录界面。', '输入用户名和密码。'),
    ] }]);
    expect((await read(pdf)).blocks.map((b) => [b.kind, b.level, b.text])).toEqual([
      ['heading', 1, '1.1 控制台基础'], ['heading', 2, '1.2 shell 提示符'], ['paragraph', undefined, '启动系统之后会看到登录界面。输入用户名和密码。'],
    ]);
  });

  it('does not make a table of prose or of a line with one wide gap', async () => {
    const pdf = makeLayoutPdf([{ texts: [
      { x: 72, y: 100, text: '姓名', size: 11 }, { x: 200, y: 100, text: '张三', size: 11 },
      ...lines(72, 116, '这一行是普通的正文，从左边一直写到右边越过上一行的空隙。'),
    ] }]);
    expect((await read(pdf)).blocks.every((b) => b.kind !== 'row')).toBe(true);
  });

  it('removes running headers and footers, page numbers and table-of-contents lines', async () => {
    const page = (n: number, body: string) => ({ texts: [
      { x: 72, y: 40, text: '阀门安装手册', size: 9 }, { x: 420, y: 40, text: `第 ${n} 章`, size: 9 },
      ...lines(72, 100, body),
      { x: 290, y: 800, text: `- ${n} -`, size: 9 },
    ] });
    const toc = { texts: [
      { x: 72, y: 80, text: '目录', size: 11 },
      { x: 72, y: 110, text: '1 概述', size: 11 }, { x: 150, y: 110, text: '. . . . . . . . . .', size: 11 }, { x: 400, y: 110, text: '2', size: 11 },
      { x: 72, y: 126, text: '2 安装', size: 11 }, { x: 150, y: 126, text: '. . . . . . . . . .', size: 11 }, { x: 400, y: 126, text: '3', size: 11 },
    ] };
    const pdf = makeLayoutPdf([toc, page(2, '概述的正文。'), page(3, '安装的正文。'), page(4, '调试的正文。')]);
    expect(texts((await read(pdf)).blocks)).toEqual(['目录', '概述的正文。', '安装的正文。', '调试的正文。']);
  });

  it('reads a Chinese PDF whose font is not embedded through pdf.js\'s CMaps (UniGB-UCS2-H)', async () => {
    const pdf = makeLayoutPdf([{ texts: lines(72, 100, '公称压力为一点六兆帕。') }], 'unigb');
    expect(texts((await read(pdf)).blocks)).toEqual(['公称压力为一点六兆帕。']);
  });

  it('normalises compatibility characters (NFKC): full-width forms, ligatures; Chinese punctuation stays as written', async () => {
    const pdf = makeLayoutPdf([{ texts: lines(72, 100, 'ＤＮ５０ ﬁtting ㎏', '型号：Ｚ４１Ｈ（闸阀），压力！') }]);
    expect(texts((await read(pdf)).blocks)).toEqual(['DN50 fitting kg 型号：Z41H（闸阀），压力！']);
  });

  it('refuses a PDF that needs a password to open, and reads one with only an owner password', async () => {
    const locked = read(readFileSync(path.join(FIXTURES, 'user-password.pdf')));
    await expect(locked).rejects.toBeInstanceOf(PermanentJobError);
    await expect(locked).rejects.toThrow(/^文档已加密，请去除密码后上传$/);
    expect(texts((await read(readFileSync(path.join(FIXTURES, 'owner-password.pdf')))).blocks)).toEqual(['只限打印的文档。']);
  });

  it('refuses a PDF over the page cap with its page count and the cap; DOC_MAX_PAGES sets the cap (500 by default)', async () => {
    const pdf = makeLayoutPdf([1, 2, 3, 4].map((n) => ({ texts: lines(72, 100, ['总则', '范围', '术语', '安装'][n - 1]) })));
    const over = read(pdf, { maxPages: 3 });
    await expect(over).rejects.toBeInstanceOf(PermanentJobError);
    await expect(over).rejects.toThrow(/共 4 页.*3 页.*管理员.*DOC_MAX_PAGES/);
    expect((await read(pdf, { maxPages: 4 })).pages).toBe(4);
    expect(loadConfig({}).docMaxPages).toBe(500);
    expect(loadConfig({ DOC_MAX_PAGES: '2000' }).docMaxPages).toBe(2000);
  });

  it('sends only pages without a text layer that an image covers to OCR, and keeps page order', async () => {
    recognize.mockResolvedValue([{ kind: 'paragraph', text: '扫描页识别出的文字。', at: { page: 2, box: [50, 60, 300, 20] } }]);
    const pdf = makeLayoutPdf([
      { texts: lines(72, 100, '第一页是正常的文字。') },
      { images: [[0, 0, 595, 842]] },
      { texts: [...lines(72, 100, '第三页有一张图和说明文字,说明文字足够长。')], images: [[72, 200, 400, 500]] },
      {},
      { texts: [{ x: 72, y: 60, text: '图 1', size: 11 }], images: [[100, 100, 200, 150]] },
    ]);
    const { blocks, pages, ocrPages } = await read(pdf);
    expect(recognize).toHaveBeenCalledTimes(1);
    expect(recognize.mock.calls[0][1]).toEqual([2]);
    expect(Buffer.compare(recognize.mock.calls[0][0], pdf)).toBe(0);
    expect([pages, ocrPages]).toEqual([5, 1]);
    expect(blocks.map((b) => [b.at.page, b.text])).toEqual([
      [1, '第一页是正常的文字。'], [2, '扫描页识别出的文字。'], [3, '第三页有一张图和说明文字,说明文字足够长。'], [5, '图 1'],
    ]);
  });

  it('never sends a born-digital PDF to OCR', async () => {
    await read(makeLayoutPdf([{ texts: lines(72, 100, '正文。') }, {}, { texts: lines(72, 100, '更多正文。') }]));
    expect(recognize).not.toHaveBeenCalled();
  });
});
