// The parsing benchmark's scoring and scan helpers (bench/parsing-score.mjs, bench/image-pdf.mjs): a wrong score
// would pass or fail a reader for the wrong reason, so each rule is pinned here.
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { imagePdf, jpegInfo } from '../../../bench/image-pdf.mjs';
import { bigramShare, cellInLine, cellsFound, charF1, textOfChunks, withoutReaderLabels } from '../../../bench/parsing-score.mjs';

describe('character F1', () => {
  it('ignores whitespace and compatibility forms (NFKC) on both sides', () => {
    expect(charF1('软件 包\n的 ＡＢＣ１', '软件包的ABC1').f1).toBe(1);
  });

  it('scores characters as multisets: a missing one lowers recall, an extra one precision', () => {
    expect(charF1('软件包的', '软件包的依赖')).toEqual({ f1: 0.8, precision: 1, recall: 4 / 6 });
    // A character read twice counts twice: reading a page twice is not perfect.
    expect(charF1('包包的', '包的')).toEqual({ f1: 0.8, precision: 2 / 3, recall: 1 });
    expect(charF1('abcd', 'abce').f1).toBe(0.75);
  });

  it('gives nothing for nothing read, and full marks when both are empty', () => {
    expect(charF1('', '软件包').f1).toBe(0);
    expect(charF1(' \n', '').f1).toBe(1);
  });
});

describe('a document put back from its chunks', () => {
  it('keeps chunk order by seq and each heading once, before the first chunk under it', () => {
    const chunks = [
      { seq: 2, content: '第三段', heading_path: '第 1 章 › 1.2 安装' },
      { seq: 0, content: '第一段', heading_path: '第 1 章 › 1.1 概述' },
      { seq: 1, content: '第二段', heading_path: '第 1 章 › 1.1 概述' },
      { seq: 3, content: '无标题', heading_path: '' },
    ];
    expect(textOfChunks(chunks)).toBe('第 1 章\n1.1 概述\n第一段\n第二段\n1.2 安装\n第三段\n无标题');
  });
});

describe('a presentation read back', () => {
  it('is scored without the labels the readers add, and keeps the same words inside a line', () => {
    const read = '第 3 张幻灯片：1.3. 什么是 Linux？\n简而言之，见第 3 张幻灯片：内核。\n备注：除了内核以外';
    expect(withoutReaderLabels(read)).toBe('1.3. 什么是 Linux？\n简而言之，见第 3 张幻灯片：内核。\n除了内核以外');
  });
});

describe('a table cell found with its header and row', () => {
  const headers = ['型号', '名称', '公称压力', '公称通径'];
  const cell = { key: 'Z41H-16C-W101', header: '公称压力', value: '1.6 MPa', headers };

  it('is found after its header, whatever separates them', () => {
    expect(cellInLine('型号: Z41H-16C-W101；名称: 闸阀；公称压力: 1.6 MPa；公称通径: DN50', cell)).toBe(true);
    expect(cellInLine('型号 Z41H-16C-W101 名称 闸阀 公称压力 1.6MPa 公称通径 DN50', cell)).toBe(true);
  });

  it('is not found under another header, without its header, or away from its row', () => {
    expect(cellInLine('型号: Z41H-16C-W101；名称: 1.6 MPa；公称压力: 2.5 MPa', cell)).toBe(false);
    expect(cellInLine('Z41H-16C-W101 闸阀 1.6 MPa DN50', cell)).toBe(false);
    expect(cellInLine('型号: J11H-25P-W102；公称压力: 1.6 MPa', cell)).toBe(false);
  });

  it('counts the cells of a table found in chunks, line by line', () => {
    const table = [headers, ['A-1', '闸阀', '1.6 MPa', 'DN50'], ['B-2', '球阀', '2.5 MPa', 'DN80']];
    const chunks = ['型号: A-1；名称: 闸阀；公称压力: 1.6 MPa；公称通径: DN50\nB-2 球阀 2.5 MPa DN80'];
    expect(cellsFound(table, chunks)).toEqual({ cells: 8, found: 4 });
  });
});

describe('a recognised sentence matched by its character pairs', () => {
  it('is whole when held exactly, partly when a character was misread', () => {
    expect(bigramShare('维护软件包', '我们维护 软件包。')).toBe(1);
    expect(bigramShare('维护软件包', '维护软仵包')).toBe(0.5);
    expect(bigramShare('维护软件包', '毫不相干')).toBe(0);
  });
});

describe('an image-only PDF', () => {
  it('wraps JPEG pages at their resolution, with no text layer', async () => {
    const canvas = createCanvas(600, 300);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 600, 300);
    const jpeg = await canvas.encode('jpeg', 80);
    expect(jpegInfo(jpeg)).toEqual({ width: 600, height: 300, components: 3 });
    expect(() => jpegInfo(Buffer.from('%PDF-1.4'))).toThrow('not a JPEG');

    const { getDocumentProxy, extractText } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(imagePdf([{ jpeg, dpi: 300 }, { jpeg, dpi: 150 }])));
    expect(pdf.numPages).toBe(2);
    const sizes = await Promise.all([1, 2].map(async (n) => (await pdf.getPage(n)).getViewport({ scale: 1 })));
    expect(sizes.map((v) => [Math.round(v.width), Math.round(v.height)])).toEqual([[144, 72], [288, 144]]);
    const page = await pdf.getPage(1);
    const ops = await page.getOperatorList();
    const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    expect(ops.fnArray).toContain(OPS.paintImageXObject);
    expect((await extractText(pdf, { mergePages: true })).text.trim()).toBe('');
  });
});
