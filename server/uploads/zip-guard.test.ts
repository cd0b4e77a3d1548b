import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildTemplate } from '../sys-mgr/users/import-sheet';
import { makeDocx, makeXlsx } from '../test-support/fixtures';
import { makeDocxBomb, makeXlsxWithEntries, makeZip, withDataBeforeDirectory, withDeclaredSize } from '../test-support/zip-fixtures';
import { inspectZip, verifyZip, ZipRefusal } from './zip-guard';

const LIMITS = { maxBytes: 256 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };

async function refusal(check: Promise<unknown>): Promise<ZipRefusal> {
  const err = await check.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ZipRefusal);
  return err as ZipRefusal;
}

async function streamedXlsx(): Promise<Buffer> {
  // exceljs's streaming writer (archiver) puts every entry's sizes after its data.
  const chunks: Buffer[] = [];
  const { PassThrough } = await import('node:stream');
  const out = new PassThrough().on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out });
  const sheet = book.addWorksheet('表');
  for (let i = 0; i < 2000; i++) sheet.addRow([i, `部门${i % 7}`, '是']).commit();
  await book.commit();
  return Buffer.concat(chunks);
}

describe('Office archives that are what they declare', () => {
  it('passes documents made by JSZip, exceljs (both writers) and the import template, with their entry names', async () => {
    const files = [await makeDocx(['你好']), await makeXlsx(['列'], [['值']]), await streamedXlsx(), await buildTemplate(),
      await makeZip({ 'word/document.xml': '<w:document/>' }, { streamFiles: true })];
    for (const file of files) {
      const inspected = await inspectZip(file, LIMITS);
      expect((await verifyZip(file, LIMITS)).uncompressedBytes).toBe(inspected.uncompressedBytes);
    }
    expect((await inspectZip(files[0], LIMITS)).names).toContain('word/document.xml');
  });
});

describe('archives refused from their directory alone (at upload)', () => {
  it('refuses the 35 KB docx holding 6 MB of XML by its ratio, naming the entry', async () => {
    const bomb = await makeDocxBomb();
    expect(bomb.length).toBeLessThan(40_000);
    const err = await refusal(inspectZip(bomb, LIMITS));
    expect(err.message).toMatch(/^word\/document\.xml 的压缩比为 1\d\d:1，超过 100:1 的上限$/);
    expect(err.tooMuch).toBe(true);
    // The same file passes with a looser ratio: the limit is what refuses it.
    await expect(inspectZip(bomb, { ...LIMITS, maxRatio: 500 })).resolves.toMatchObject({ uncompressedBytes: expect.any(Number) });
  });

  it('refuses a total uncompressed size over the limit even at a harmless ratio', async () => {
    const zip = await makeZip({ 'a.bin': randomBytes(700_000), 'b.bin': randomBytes(700_000) });
    const err = await refusal(inspectZip(zip, { ...LIMITS, maxBytes: 1024 * 1024 }));
    expect(err.message).toBe('解压后的内容超过 1 MB 的上限');
  });

  it('refuses too many entries before reading them', async () => {
    const crowded = await makeXlsxWithEntries(10_000);
    const err = await refusal(inspectZip(crowded, LIMITS));
    expect(err.message).toMatch(/^包含 100\d\d 个压缩条目，超过 10000 个的上限$/);
    await expect(inspectZip(crowded, { ...LIMITS, maxEntries: 20_000 })).resolves.toBeTruthy();
  });

  it('refuses a local header that disagrees with the directory, and data the directory does not list', async () => {
    const docx = await makeDocx(['你好']);
    const localLies = withDeclaredSize(docx, 'word/document.xml', 10, 'local');
    expect((await refusal(inspectZip(localLies, LIMITS))).message).toBe('压缩包结构异常：word/document.xml 的本地文件头与目录不一致');
    const hidden = withDataBeforeDirectory(docx, await makeZip({ 'word/document.xml': '隐藏的条目'.repeat(100) }));
    expect((await refusal(inspectZip(hidden, LIMITS))).message).toBe('压缩包结构异常：最后一个条目之后夹带了目录中没有的数据');
  });

  it('refuses what is not a zip at all, and leaves file system errors alone', async () => {
    const err = await refusal(inspectZip(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]), LIMITS));
    expect(err).toMatchObject({ message: '不是有效的压缩包，文件可能已损坏', tooMuch: false });
    await expect(inspectZip('/nonexistent/file.docx', LIMITS)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('archives whose directory lies (caught by inflating before parsing)', () => {
  it('refuses an entry that inflates to more than both headers declare', async () => {
    const lying = withDeclaredSize(await makeDocxBomb(), 'word/document.xml', 50_000, 'both');
    await expect(inspectZip(lying, LIMITS)).resolves.toMatchObject({ uncompressedBytes: expect.any(Number) }); // declared: small
    const err = await refusal(verifyZip(lying, LIMITS));
    expect(err).toMatchObject({ message: 'word/document.xml 解压后超过了目录声明的大小（疑似压缩炸弹）', tooMuch: true });
  });

  it('refuses an entry that inflates to less than declared', async () => {
    const docx = await makeDocx(['你好']);
    const { uncompressedBytes } = await inspectZip(docx, LIMITS);
    const lying = withDeclaredSize(docx, 'word/document.xml', uncompressedBytes, 'both'); // more than the entry holds
    expect((await refusal(verifyZip(lying, LIMITS))).message).toBe('word/document.xml 解压后的大小与目录声明的不符');
  });

  it('refuses a stored entry holding a data descriptor signature, where a streaming reader would cut it', async () => {
    const tricky = await makeZip({ 'word/document.xml': 'abc PK\x07\x08 def' }, { store: true, streamFiles: true });
    expect((await refusal(verifyZip(tricky, LIMITS))).message).toBe('压缩包结构异常：word/document.xml 的数据中含有条目结束标记');
    await expect(verifyZip(await makeZip({ 'word/document.xml': 'abc def' }, { store: true, streamFiles: true }), LIMITS)).resolves.toBeTruthy();
  });
});
