import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf, makeXlsx } from '../test-support/fixtures';
import { makeOdf, makeOdt, makePptx } from '../test-support/office-fixtures';
import { bytesSniffer } from '../test-support/sniff';
import { makeZip } from '../test-support/zip-fixtures';
import { PermanentJobError } from '../jobs/worker';
import { sentences, splitIntoChunks } from './chunk';
import { extractText, htmlText } from './extract';
import { DOCUMENT_TYPES, typeFromName } from './file-types';
import { DOCUMENT_EXTENSIONS } from '../../contract/api/runtime';
import { indexTerms, queryTerms, words } from './segment';

const POLICY = '企业知识库用于沉淀内部文档。所有文档按密级管理！员工只能看到自己密级以内的文档；审核角色可以进一步限制范围。';

const sniff = bytesSniffer();

describe('file types by content', () => {
  it('offers in the pickers exactly the types the server reads', () => {
    expect(new Set(DOCUMENT_EXTENSIONS.map((e) => typeFromName(`a.${e}`)))).toEqual(new Set(DOCUMENT_TYPES));
  });

  it('accepts each supported type when the bytes match the name', async () => {
    expect(await sniff(makePdf(['你好']), '制度.pdf')).toEqual({ type: 'pdf' });
    expect(await sniff(await makeDocx(['你好']), '说明.docx')).toEqual({ type: 'docx' });
    expect(await sniff(await makeXlsx(['列'], [['值']]), '表.xlsx')).toEqual({ type: 'xlsx' });
    for (const name of ['a.md', 'a.txt', 'a.csv', 'a.html', 'a.htm']) expect(await sniff(Buffer.from('内容'), name)).toHaveProperty('type');
    expect(await sniff(Buffer.from('中文内容', 'utf8').subarray(0, 0), 'a.txt')).toEqual({ problem: '文件为空：a.txt', status: 400 });
  });

  it('decides text over the whole file in pieces: GB18030 passes, a NUL or bad bytes far from the start do not', async () => {
    const long = '知识库文档。'.repeat(300_000); // 5.4 MB of UTF-8, read in 1 MiB pieces
    expect(await sniff(Buffer.from(long), 'long.txt')).toEqual({ type: 'txt' });
    expect(await sniff(Buffer.from([0xd6, 0xd0, 0xce, 0xc4]), 'gbk.txt')).toEqual({ type: 'txt' }); // 中文 in GBK
    expect(await sniff(Buffer.concat([Buffer.from(long), Buffer.from([0])]), 'nul.txt')).toEqual({ problem: '文件内容与扩展名不符：nul.txt', status: 400 });
    expect(await sniff(Buffer.concat([Buffer.from(long), Buffer.from([0xff, 0xfe, 0xff])]), 'bad.txt'))
      .toEqual({ problem: '文件内容与扩展名不符：bad.txt', status: 400 });
  });

  it('refuses a file whose content is not what its name says, and unknown types', async () => {
    const mismatch = (name: string) => ({ problem: `文件内容与扩展名不符：${name}`, status: 400 });
    expect(await sniff(Buffer.from('%PDF-1.4 ...'), '表.xlsx')).toEqual(mismatch('表.xlsx'));
    expect(await sniff(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), 'report.pdf')).toEqual(mismatch('report.pdf'));
    expect(await sniff(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), 'notes.txt')).toEqual(mismatch('notes.txt'));
    expect(await sniff(await makeXlsx(['a'], []), 'fake.docx')).toEqual(mismatch('fake.docx'));
    expect(await sniff(await makeDocx(['a']), 'fake.txt')).toEqual(mismatch('fake.txt'));
    expect(await sniff(Buffer.from('x'), 'tool.exe')).toHaveProperty('problem');
  });

  it('decides pptx and OpenDocument files by their parts: a presentation.xml, a mimetype entry (issue 29)', async () => {
    const mismatch = (name: string) => ({ problem: `文件内容与扩展名不符：${name}`, status: 400 });
    const pptx = await makePptx([{ title: '标题' }]);
    expect(await sniff(pptx, '汇报.pptx')).toEqual({ type: 'pptx' });
    expect(await sniff(await makeOdt(['你好']), '说明.odt')).toEqual({ type: 'odt' });
    expect(await sniff(await makeOdf('spreadsheet', ''), '表.ods')).toEqual({ type: 'ods' });
    expect(await sniff(await makeOdf('presentation', ''), '演示.odp')).toEqual({ type: 'odp' });
    expect(await sniff(pptx, '汇报.docx')).toEqual(mismatch('汇报.docx'));
    expect(await sniff(await makeDocx(['a']), 'fake.pptx')).toEqual(mismatch('fake.pptx'));
    expect(await sniff(await makeOdt(['a']), 'fake.ods')).toEqual(mismatch('fake.ods'));
    expect(await sniff(await makeOdf('text', '<text:p>a</text:p>', null), 'nomime.odt')).toEqual(mismatch('nomime.odt'));
    expect(await sniff(await makeZip({ mimetype: 'application/vnd.oasis.opendocument.text'.padEnd(200, ' ') }), 'long.odt')).toEqual(mismatch('long.odt'));
    expect(await sniff(Buffer.from('x'), 'setup.exe')).toEqual({ problem: `不支持的文件类型：setup.exe（支持 ${DOCUMENT_TYPES.join('、')}）`, status: 400 });
  });
});

describe('text extraction', () => {
  it('reads Chinese text from a PDF, NFKC-normalised', async () => {
    const text = await extractText(makePdf(['第一页：企业知识库', '第二页：密级⼀览']), 'pdf');
    expect(text).toContain('企业知识库');
    expect(text).toContain('密级一览'); // ⼀ (U+2F00, a compatibility radical) becomes 一
  });

  it('reads docx paragraphs, xlsx rows with their headers, html without markup', async () => {
    expect(await extractText(await makeDocx(['第一段', '第二段']), 'docx')).toBe('第一段\n\n第二段');
    const sheet = await extractText(await makeXlsx(['姓名', '部门'], [['张伟', '研发部']], '人员'), 'xlsx');
    expect(sheet).toBe('【人员】\n姓名: 张伟；部门: 研发部');
    expect(htmlText('<p>你好&amp;<b>世界</b></p><script>alert(1)</script><style>p{}</style>&#x4e2d;')).toBe('你好&世界\n中');
    expect(await extractText(Buffer.from('<html><body><h1>标题</h1><p>正文</p></body></html>'), 'html')).toBe('标题\n\n正文');
  });

  it('fails for good, with the reason, on a corrupt file or one without text', async () => {
    await expect(extractText(Buffer.from('%PDF-1.4 garbage'), 'pdf')).rejects.toBeInstanceOf(PermanentJobError);
    // In Chinese only (D28): no parser's English (Invalid PDF structure., End of central directory…) reaches users.
    const reasons = await Promise.all([
      extractText(Buffer.from('%PDF-1.4 garbage'), 'pdf').catch((e: Error) => e.message),
      extractText(Buffer.from('PK\x03\x04 word/document.xml'), 'docx').catch((e: Error) => e.message),
      extractText(Buffer.from('PK\x03\x04 xl/workbook.xml'), 'xlsx').catch((e: Error) => e.message),
    ]);
    expect(reasons[0]).toBe('文件无法解析：PDF 文件结构无效（可能已损坏或不是真正的 PDF），请用 PDF 阅读器打开确认后重新上传');
    expect(reasons[1]).toMatch(/^文件无法解析：Word（docx） 文件/);
    expect(reasons[2]).toMatch(/^文件无法解析：Excel（xlsx） 文件/);
    for (const reason of reasons) expect(reason.replace(/PDF|Word|docx|Excel|xlsx/g, '')).not.toMatch(/[A-Za-z]{3,}/u);
    await expect(extractText(makePdf(['']), 'pdf')).rejects.toThrow('文件中没有可提取的文字（扫描件需先进行文字识别）');
  });
});

describe('chunking', () => {
  it('splits at Chinese and Western sentence ends, keeping the marks', () => {
    expect(sentences('第一句。第二句！第三句？Done. Next;')).toEqual(['第一句。', '第二句！', '第三句？', 'Done.', 'Next;']);
  });

  it('keeps chunks within the size, never cuts a sentence, and overlaps whole sentences', () => {
    const text = Array.from({ length: 30 }, (_, i) => `这是第${i + 1}句话，内容用于测试分块。`).join('');
    const chunks = splitIntoChunks(text, { chunkSize: 100, chunkOverlap: 20 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(100);
      expect(c.endsWith('。')).toBe(true);
    }
    // Each chunk after the first starts with the last sentence of the one before.
    for (let i = 1; i < chunks.length; i++) expect(chunks[i - 1].endsWith(sentences(chunks[i])[0])).toBe(true);
    expect(splitIntoChunks(text, { chunkSize: 100, chunkOverlap: 20 })).toEqual(chunks);
  });

  it('keeps short paragraphs together and cuts an over-long sentence to size', () => {
    expect(splitIntoChunks('短段一。\n\n短段二。', { chunkSize: 500, chunkOverlap: 50 })).toEqual(['短段一。\n\n短段二。']);
    const long = '长'.repeat(250);
    expect(splitIntoChunks(long, { chunkSize: 100, chunkOverlap: 0 })).toEqual(['长'.repeat(100), '长'.repeat(100), '长'.repeat(50)]);
  });
});

describe('segmentation', () => {
  it('segments Chinese into words and indexes their characters too', () => {
    expect(words('企业知识库')).toEqual(['企业', '知识', '库']);
    expect(indexTerms('企业 Knowledge')).toBe('企业 企 业 knowledge');
    expect(indexTerms(POLICY).split(' ')).toContain('密');
  });

  it('builds a safe any-word query, or none for punctuation only', () => {
    expect(queryTerms('知识库是什么？')).toBe("'知识' | '库'");
    expect(queryTerms('是什么')).toBe("'是' | '什么'"); // only common words: keep them rather than nothing
    expect(queryTerms("x' | !y")).toBe("'x' | 'y'");
    expect(queryTerms('？！。')).toBeNull();
  });
});
