// Word, Excel and PowerPoint 97-2003 files and WPS's (issue 29): .doc and .wps read in JavaScript (committed fixtures
// made by LibreOffice from valve-spec.rtf and travel-policy.rtf in test-support/fixtures), .xls written by SheetJS in
// the test, and the files LibreOffice makes here from generated docx and pptx when it is installed (CI installs it).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PermanentJobError } from '../../jobs/worker';
import { convertForTest, makeOpenablePptx, makeXls, sofficeForTests, withFilePass, withWordFib } from '../../test-support/legacy-fixtures';
import { makeDocxOf } from '../../test-support/zip-fixtures';
import { chunkBlocks } from '../chunk-blocks';
import { extractText } from '../extract';
import { readDocument } from '.';

const LIMITS = { maxBytes: 256 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };
const fixture = (name: string) => fs.readFileSync(fileURLToPath(new URL(`../../test-support/fixtures/${name}`, import.meta.url)));
const DOC = fixture('valve-spec.doc');
const NO_SOFFICE = { sofficePath: '/nonexistent/soffice', sofficeTimeoutMs: 60_000, sofficeMaxMemoryMb: 4096 };
const ENCRYPTED = '文档已加密，请去除密码后上传';
const INSTALL = '（apt-get install libreoffice-writer-nogui libreoffice-impress-nogui）';

describe('Word 97-2003 and WPS 文字 files', () => {
  it('reads the body with table rows under their headers and footnotes at the end, without page headers and footers', async () => {
    const read = await readDocument(DOC, 'doc', { limits: LIMITS, office: NO_SOFFICE });
    expect(read.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', '阀门安装规范'],
      ['paragraph', '本规范适用于供水管网的阀门安装。'],
      ['row', '型号: DN50；公称压力: 1.6 MPa'],
      ['row', '型号: DN80；公称压力: 2.5 MPa'],
      ['paragraph', '安装前应检查阀门的密封性。'],
      ['paragraph', '阀门安装完毕后应进行压力试验并记录。'],
      ['heading', '脚注'],
      ['paragraph', '依据 GB/T 13927 进行压力试验。'],
    ]);
  });

  it('reads a .wps as the Word file it is', async () => {
    expect(await extractText(fixture('travel-policy.wps'), 'wps')).toBe('差旅报销制度：员工出差需提前申请，住宿标准按城市等级执行。\n\n报销须在返回后十五日内提交，逾期不予受理。');
  });

  it('fails an encrypted file with the reason, and sends a Word 95 file to LibreOffice', async () => {
    await expect(readDocument(withWordFib(DOC, { encrypted: true }), 'doc', { limits: LIMITS })).rejects.toThrow(new PermanentJobError(ENCRYPTED));
    const word95 = withWordFib(DOC, { nFib: 0x65 });
    await expect(readDocument(word95, 'doc', { limits: LIMITS, office: NO_SOFFICE })).rejects.toThrow(`需要安装 LibreOffice 才能读取Word（doc）文件${INSTALL}`);
    await expect(readDocument(word95, 'wps', { limits: LIMITS, office: NO_SOFFICE })).rejects.toThrow(`需要安装 LibreOffice 才能读取WPS 文字（wps）文件${INSTALL}`);
  });

  it('fails a damaged file for good with a Chinese reason', async () => {
    await expect(extractText(DOC.subarray(0, 1000), 'doc')).rejects.toThrow(/^文件无法解析：Word（doc） 文件/);
  });
});

describe('Excel 97-2003 and WPS 表格 files', () => {
  const XLS = makeXls({
    参数表: [['型号', '公称压力', '出厂日期'], ['DN50', '1.6 MPa', new Date(Date.UTC(2024, 0, 5))], [], ['DN80', 2.5, '']],
    说明: [['备注'], ['按公称通径选择']],
  });

  it('reads each sheet as its name, then its rows with their headers, sheet and row numbers', async () => {
    const read = await readDocument(XLS, 'xls', { limits: LIMITS });
    expect(read.blocks).toEqual([
      { kind: 'title', text: '【参数表】', at: { sheet: '参数表' } },
      { kind: 'row', text: '型号: DN50；公称压力: 1.6 MPa；出厂日期: 2024-01-05', at: { sheet: '参数表', rows: [2, 2] } },
      { kind: 'row', text: '型号: DN80；公称压力: 2.5', at: { sheet: '参数表', rows: [4, 4] } },
      { kind: 'title', text: '【说明】', at: { sheet: '说明' } },
      { kind: 'row', text: '备注: 按公称通径选择', at: { sheet: '说明', rows: [2, 2] } },
    ]);
    expect(await extractText(XLS, 'et')).toContain('型号: DN80；公称压力: 2.5');
  });

  it('fails an encrypted workbook with the reason, a damaged one with a Chinese reason', async () => {
    await expect(readDocument(withFilePass(XLS), 'xls', { limits: LIMITS })).rejects.toThrow(new PermanentJobError(ENCRYPTED));
    await expect(extractText(Buffer.from('not a workbook at all'), 'xls')).rejects.toThrow(/^文件无法解析：Excel（xls） 文件/);
  });
});

const soffice = await sofficeForTests();
if (!soffice) console.warn('legacy-readers.test.ts: LibreOffice (soffice) is not installed: the conversions it makes are skipped');

describe.skipIf(!soffice)('files LibreOffice makes (skipped when soffice is not installed)', () => {
  const cell = (t: string) => `<w:tc><w:p><w:r><w:t>${t}</w:t></w:r></w:p></w:tc>`;
  const para = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
  const docx = () => makeDocxOf(`${para('第三章 设备安装')}${para('3.2 阀门')}${para('阀门选型说明')}<w:tbl>${[['型号', '公称压力'], ['DN50', '1.6 MPa'], ['DN80', '2.5 MPa']]
    .map((r) => `<w:tr>${r.map(cell).join('')}</w:tr>`).join('')}</w:tbl><w:p><w:r><w:t>表后说明文字。</w:t></w:r></w:p>`);

  it('reads a doc and an rtf that LibreOffice saved from a docx', async () => {
    const source = await docx();
    for (const [type, to] of [['doc', 'doc:MS Word 97'], ['rtf', 'rtf']] as const) {
      const bytes = await convertForTest(soffice!, source, 'docx', to);
      const text = await extractText(bytes, type);
      expect(text, type).toContain('阀门选型说明');
      expect(text, type).toContain('型号: DN50；公称压力: 1.6 MPa\n型号: DN80；公称压力: 2.5 MPa');
      expect(text, type).toContain('表后说明文字。');
      if (type !== 'doc') continue;
      // Typed with no heading style, as many Word and WPS files are: found by their numbers, and made the rows' path.
      const { blocks } = await readDocument(bytes, 'doc', { limits: LIMITS });
      expect(blocks.slice(0, 3).map((b) => [b.kind, b.level, b.text])).toEqual([['heading', 1, '第三章 设备安装'], ['heading', 2, '3.2 阀门'], ['paragraph', undefined, '阀门选型说明']]);
      expect(chunkBlocks(blocks, { chunkSize: 500, chunkOverlap: 0 }).find((c) => c.content.includes('DN80'))?.path).toEqual(['第三章 设备安装', '3.2 阀门']);
    }
  }, 300_000);

  it('reads a ppt through LibreOffice, each slide with its number, text, table rows with their headers and notes', async () => {
    const pptx = await makeOpenablePptx([
      { title: '参数表', table: [['型号', '公称压力'], ['DN50', '1.6 MPa']] },
      { title: '阀门选型', body: ['按公称通径选择'], notes: '强调压力等级' },
    ]);
    const ppt = await convertForTest(soffice!, pptx, 'pptx', 'ppt');
    const read = await readDocument(ppt, 'ppt', { limits: LIMITS });
    const text = (slide: number) => read.blocks.filter((b) => b.at.slide === slide).map((b) => b.text).join('\n');
    expect(read.blocks.every((b) => b.at.slide === 1 || b.at.slide === 2)).toBe(true);
    expect(text(1)).toMatch(/^第 1 张幻灯片/);
    expect(text(1)).toContain('型号: DN50；公称压力: 1.6 MPa');
    expect(text(2)).toMatch(/^第 2 张幻灯片/);
    expect(text(2)).toContain('按公称通径选择');
    expect(text(2)).toContain('备注：强调压力等级');
  }, 300_000);
});
