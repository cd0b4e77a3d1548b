import { describe, expect, it } from 'vitest';
import { PermanentJobError } from '../../jobs/worker';
import { makeOfd, type OfdText } from '../../test-support/ofd-fixtures';
import { chunkBlocks } from '../chunk-blocks';
import { readDocument } from './index';
import { deltas, outsideReason, readOfd, resolveLoc } from './readers/ofd';

const limits = { maxBytes: 256 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };
const read = (bytes: Buffer) => readDocument(bytes, 'ofd', { limits });
const reason = (bytes: Buffer) => read(bytes).then(() => 'read', (e: Error) => (e instanceof PermanentJobError ? e.message : `other: ${e.message}`));

/** A box as the reader gives it: from the baseline less the font size to a fifth of it below, millimetres to points. */
const pt = (mm: number) => Math.round(mm * (72 / 25.4) * 100) / 100;
const boxOf = (x: number, baseline: number, width: number, size: number) => [pt(x), pt(baseline - size), pt(width), pt(size * 1.2)];

/** A row of cells on one baseline, each at its column's x. */
const cells = (y: number, xs: number[], texts: string[]): OfdText[] => texts.map((text, i) => ({ text, x: xs[i], y }));

describe('OFD', () => {
  it('reads pages in the order listed, lines joined into paragraphs, large type as headings, each block with its page and box, templates left out', async () => {
    const ofd = await makeOfd([
      {
        texts: [
          { text: '关于阀门安装的通知', x: 30, y: 40, size: 5 },
          { text: '为做好供水管网改造工作，现将', x: 37, y: 55 }, // 14 characters, a first line indented by two
          { text: '阀门安装的要求通知如下，请各单位遵照执行', x: 30, y: 61 }, // 20 characters, the same right edge
          { text: '为盼。', x: 30, y: 67 },
          { text: '特此通知。', x: 37, y: 73 },
        ],
      },
      { texts: [{ text: '第二页的正文', x: 30, y: 40 }] },
    ], { template: [{ text: '某某市水务局文件', x: 60, y: 15 }, { text: '- 1 -', x: 100, y: 285 }] });
    const { blocks, pages } = await read(ofd);
    expect(pages).toBe(2);
    expect(blocks.map((b) => [b.kind, b.text, b.at.page])).toEqual([
      ['heading', '关于阀门安装的通知', 1],
      ['paragraph', '为做好供水管网改造工作，现将阀门安装的要求通知如下，请各单位遵照执行为盼。', 1],
      ['paragraph', '特此通知。', 1],
      ['paragraph', '第二页的正文', 2],
    ]);
    expect(blocks[0]).toMatchObject({ level: 1, at: { box: boxOf(30, 40, 45, 5) } });
    // The title is the path of the text below it.
    expect(chunkBlocks(blocks, { chunkSize: 500, chunkOverlap: 50 }).map((c) => c.path)).toEqual([['关于阀门安装的通知']]);
    // The paragraph's box spans its lines: from the indented first line's top to the last line's bottom.
    expect(blocks[1].at.box).toEqual([pt(30), pt(55 - 3.5), pt(70), pt(67 + 0.7 - (55 - 3.5))]);
  });

  it('reads text objects that line up in columns over two rows or more as a table: rows with the header, a wrapped cell joined', async () => {
    const xs = [30, 70, 110];
    const ofd = await makeOfd([{
      texts: [
        { text: '表 1 阀门参数', x: 80, y: 90 },
        ...cells(100, xs, ['型号', '公称通径', '公称压力']),
        ...cells(107, xs, ['Z41H-16C', 'DN50', '1.6 MPa']),
        ...cells(114, xs, ['闸阀', 'DN100', '1.0 MPa']),
        { text: '（法兰式）', x: 30, y: 118.5 },
        { text: '以上参数以铭牌为准。', x: 30, y: 135 },
      ],
    }]);
    const { blocks } = await read(ofd);
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', '表 1 阀门参数'],
      ['row', '型号: Z41H-16C；公称通径: DN50；公称压力: 1.6 MPa'],
      ['row', '型号: 闸阀（法兰式）；公称通径: DN100；公称压力: 1.0 MPa'],
      ['paragraph', '以上参数以铭牌为准。'],
    ]);
    // A row's box spans its cells; a wrapped row's, its continuation line too.
    expect(blocks[1].at).toEqual({ page: 1, box: [pt(30), pt(107 - 3.5), pt(110 + 7 * 1.75 - 30), pt(4.2)] });
    expect(blocks[2].at.box?.[3]).toBe(pt(118.5 + 0.7 - (114 - 3.5)));
    // 「DN50 阀门的公称压力是多少」: the row is found in a chunk together with its header.
    const chunks = chunkBlocks(blocks, { chunkSize: 500, chunkOverlap: 50 });
    const hit = chunks.find((c) => c.content.includes('DN50'));
    expect(hit?.content).toContain('公称通径: DN50；公称压力: 1.6 MPa');
    expect(hit?.position).toMatchObject({ page: 1 });
  });

  it('keeps two columns of running text as paragraphs, not a table', async () => {
    const left = '这是左栏的一行正文，足够长的句子读作正文';
    const right = '这是右栏的一行正文，也是足够长的一句话啊';
    const ofd = await makeOfd([{ texts: [{ text: left, x: 20, y: 50 }, { text: right, x: 110, y: 50 }, { text: left, x: 20, y: 56 }, { text: right, x: 110, y: 56 }] }]);
    expect((await read(ofd)).blocks.every((b) => b.kind === 'paragraph')).toBe(true);
  });

  it('keeps text drawn twice at almost the same place (fake bold) once', async () => {
    const ofd = await makeOfd([{ texts: [{ text: '重要提示', x: 30, y: 40 }, { text: '重要提示', x: 30.2, y: 40.1 }] }]);
    expect((await read(ofd)).blocks.map((b) => b.text)).toEqual(['重要提示']);
  });

  it('collects the pictures of each page with their page and box, for OCR', async () => {
    const png = Buffer.from('\x89PNG\r\n\x1a\n fixture');
    const ofd = await makeOfd([{ texts: [{ text: '附图', x: 30, y: 40 }] }, { texts: [{ text: '扫描件', x: 30, y: 40 }], images: [{ x: 20, y: 50, w: 100, h: 60, bytes: png }] }]);
    const raw = await readOfd(ofd, { limits });
    expect(raw.images).toEqual([{ bytes: png, at: { page: 2, box: [pt(20), pt(50), pt(100), pt(60)] } }]);
    // Its place marked after the text above it on its page.
    expect(raw.blocks.map((b) => b.image ?? b.text)).toEqual(['附图', '扫描件', 0]);
  });

  it('resolves locations inside the package and refuses those that leave it', () => {
    expect(resolveLoc('Doc_0/Document.xml', 'Pages/Page_0/Content.xml')).toBe('Doc_0/Pages/Page_0/Content.xml');
    expect(resolveLoc('Doc_0/Pages/Page_0/Content.xml', '../../Res/a.png')).toBe('Doc_0/Res/a.png');
    expect(resolveLoc('Doc_0/Document.xml', '/Doc_0/Pages/Page_0/Content.xml')).toBe('Doc_0/Pages/Page_0/Content.xml');
    expect(resolveLoc('Doc_0/Document.xml', 'Pages\\Page_1\\Content.xml')).toBe('Doc_0/Pages/Page_1/Content.xml');
    for (const loc of ['../../etc/passwd', '/../x.xml', 'C:\\Windows\\win.ini', '\\\\server\\share\\a.xml', 'file:///etc/passwd', 'http://example.com/a.xml']) {
      expect(() => resolveLoc('Doc_0/Document.xml', loc), loc).toThrow(PermanentJobError);
    }
    expect(deltas('g 3 5.2 1')).toEqual([5.2, 5.2, 5.2, 1]);
  });

  it('fails for good, in Chinese, an OFD that references outside its package or is encrypted', async () => {
    const page = [{ texts: [{ text: '正文', x: 30, y: 40 }] }];
    expect(await reason(await makeOfd(page, { docRoot: '../Doc_0/Document.xml' }))).toBe(outsideReason('../Doc_0/Document.xml'));
    expect(await reason(await makeOfd(page, { pageLoc: () => 'C:\\Users\\a\\Content.xml' }))).toBe(outsideReason('C:\\Users\\a\\Content.xml'));
    expect(outsideReason('../x')).toBe('OFD 文件引用了包外的路径（../x），无法读取');
    expect(await reason(await makeOfd(page, { pageLoc: () => '/Doc_0/Pages/Page_0/Content.xml' }))).toBe('read');
    // Written from the package's root without the leading slash, as some producers do: found there.
    expect(await reason(await makeOfd(page, { pageLoc: () => 'Doc_0/Pages/Page_0/Content.xml' }))).toBe('read');
    const encrypted = await makeOfd(page, { extra: { 'Encryptions.xml': '<ofd:Encryptions xmlns:ofd="http://www.ofdspec.org/2016"/>' } });
    expect(await reason(encrypted)).toBe('文档已加密，请去除密码后上传');
    expect(await reason(await makeOfd(page, { pageLoc: () => 'Pages/Page_9/Content.xml' }))).toBe('文件无法解析：OFD 文件可能已损坏、加密或格式不受支持，请检查后重新上传');
  });
});
