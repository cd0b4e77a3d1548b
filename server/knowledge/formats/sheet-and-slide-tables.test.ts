import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makePptx } from '../../test-support/office-fixtures';
import { readDocument } from './index';

const limits = { maxBytes: 256 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };
const blocksOf = async (bytes: Buffer, type: 'pptx' | 'xlsx' | 'csv') =>
  (await readDocument(bytes, type, { limits })).blocks.map((b) => ({ kind: b.kind, text: b.text, at: b.at }));

describe('tables in slides and sheets', () => {
  it("reads a slide's table as row blocks of its slide, merged cells repeated", async () => {
    const pptx = await makePptx([
      { title: '封面' },
      {
        title: '参数表',
        table: [
          ['型号', '公称通径', '公称压力'],
          [{ text: 'Z41H-25', rowSpan: 2 }, 'DN80', '2.5 MPa'],
          [{ text: '', vMerge: true }, 'DN100', '2.5 MPa'],
          ['备注', { text: '均为法兰连接', gridSpan: 2 }, { text: '', hMerge: true }],
        ],
      },
    ]);
    expect((await blocksOf(pptx, 'pptx')).filter((b) => b.at.slide === 2)).toEqual([
      { kind: 'title', text: '第 2 张幻灯片：参数表', at: { slide: 2 } },
      { kind: 'row', text: '型号: Z41H-25；公称通径: DN80；公称压力: 2.5 MPa', at: { slide: 2 } },
      { kind: 'row', text: '型号: Z41H-25；公称通径: DN100；公称压力: 2.5 MPa', at: { slide: 2 } },
      { kind: 'row', text: '型号: 备注；公称通径: 均为法兰连接；公称压力: 均为法兰连接', at: { slide: 2 } },
    ]);
  });

  it('takes the header below a title row, and a two-row header with merged cells as one', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('阀门');
    sheet.addRow(['2024 年阀门参数表']);
    sheet.addRow(['型号', '参数']);
    sheet.addRow(['', '公称通径', '公称压力']);
    sheet.addRow(['Z41H-16C', 'DN50', '1.6 MPa']);
    sheet.mergeCells('A1:C1');
    sheet.mergeCells('B2:C2');
    sheet.mergeCells('A2:A3');
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    expect(await blocksOf(xlsx, 'xlsx')).toEqual([
      { kind: 'title', text: '【阀门】', at: { sheet: '阀门' } },
      { kind: 'paragraph', text: '2024 年阀门参数表', at: { sheet: '阀门', rows: [1, 1] } },
      { kind: 'row', text: '型号: Z41H-16C；参数 公称通径: DN50；参数 公称压力: 1.6 MPa', at: { sheet: '阀门', rows: [4, 4] } },
    ]);
  });

  it('keeps the first row as the header when no title stands above it, or when the first row of several values is numbers', async () => {
    const texts = async (csv: string) => (await blocksOf(Buffer.from(csv), 'csv')).map((b) => `${b.kind}: ${b.text}`);
    expect(await texts('设备清单\n名称,数量\n阀门,3\n')).toEqual(['paragraph: 设备清单', 'row: 名称: 阀门；数量: 3']);
    expect(await texts('名称\n阀门\n法兰\n')).toEqual(['row: 名称: 阀门', 'row: 名称: 法兰']);
    expect(await texts('年度\n2023,2024\n5,6\n')).toEqual(['row: 年度: 2023；列2: 2024', 'row: 年度: 5；列2: 6']);
  });
});
