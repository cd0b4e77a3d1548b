// The type of an upload decided by its content (issue 29 §1): every accepted type from real bytes, a renamed file of
// the same family read as what it is, a lie refused, an encrypted Office file refused with the reason.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf, makeXlsx } from '../test-support/fixtures';
import { makeCompound, makeEncryptedOoxml, makeImages, makeXls, withFilePass, withWordFib } from '../test-support/legacy-fixtures';
import { makeOdf, makeOdt, makePptx } from '../test-support/office-fixtures';
import { bytesSniffer, TEST_ZIP_LIMITS } from '../test-support/sniff';
import { makeZip } from '../test-support/zip-fixtures';
import { PermanentJobError } from '../jobs/worker';
import { verifyBeforeParsing } from '../uploads/office-files';

const FIXTURES = fileURLToPath(new URL('../test-support/fixtures/', import.meta.url));
const sniff = bytesSniffer();

const mismatch = (name: string) => ({ problem: `文件内容与扩展名不符：${name}`, status: 400 });
const DOC = fs.readFileSync(path.join(FIXTURES, 'valve-spec.doc'));
const WPS = fs.readFileSync(path.join(FIXTURES, 'travel-policy.wps'));
const XLS = makeXls({ 参数: [['型号', '公称压力'], ['DN50', '1.6 MPa']] });
const PPT = makeCompound({ 'PowerPoint Document': Buffer.alloc(64, 1), 'Current User': Buffer.alloc(16) });
const RTF = Buffer.from("{\\rtf1\\ansi\\ansicpg936 \\'d6\\'d0\\'ce\\'c4\\par}", 'latin1');
const OFD = () => makeZip({ 'OFD.xml': '<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016" Version="1.0"/>', 'Doc_0/Document.xml': '<ofd:Document/>' });

describe('types decided by content (issue 29)', () => {
  it('recognises the legacy Office, WPS, RTF, OFD and image formats from their bytes', async () => {
    expect(await sniff(DOC, '阀门规范.doc')).toEqual({ type: 'doc' });
    expect(await sniff(WPS, '差旅制度.wps')).toEqual({ type: 'wps' });
    expect(await sniff(XLS, '参数.xls')).toEqual({ type: 'xls' });
    expect(await sniff(XLS, '参数.et')).toEqual({ type: 'et' });
    expect(await sniff(PPT, '汇报.ppt')).toEqual({ type: 'ppt' });
    expect(await sniff(PPT, '汇报.dps')).toEqual({ type: 'dps' });
    expect(await sniff(RTF, '说明.rtf')).toEqual({ type: 'rtf' });
    expect(await sniff(await OFD(), '发票.ofd')).toEqual({ type: 'ofd' });
    const images = await makeImages();
    for (const [type, bytes] of Object.entries(images)) expect(await sniff(bytes, `图.${type}`), type).toEqual({ type });
    expect(await sniff(images.jpg, '照片.jpeg')).toEqual({ type: 'jpg' });
    expect(await sniff(images.tif, '扫描.tiff')).toEqual({ type: 'tif' });
    // "BM" is a weak sign: a text file may begin with it.
    expect(await sniff(Buffer.from('BMW 车辆保养记录，共 12 条。'), '保养.txt')).toEqual({ type: 'txt' });
  });

  it('reads a renamed file of the same family as what it is', async () => {
    expect(await sniff(await makeDocx(['正文']), '旧版.doc')).toEqual({ type: 'docx' });
    expect(await sniff(RTF, '说明.doc')).toEqual({ type: 'rtf' });
    expect(await sniff(DOC, '说明.docx')).toEqual({ type: 'doc' });
    expect(await sniff(DOC, '说明.rtf')).toEqual({ type: 'doc' });
    expect(await sniff(await makeOdt(['正文']), '说明.wps')).toEqual({ type: 'odt' });
    expect(await sniff(await makeXlsx(['列'], [['值']]), '导出.xls')).toEqual({ type: 'xlsx' });
    expect(await sniff(XLS, '导出.xlsx')).toEqual({ type: 'xls' });
    expect(await sniff(await makeOdf('spreadsheet', ''), '导出.et')).toEqual({ type: 'ods' });
    expect(await sniff(Buffer.from('型号,公称压力\nDN50,1.6 MPa\n'), '导出.xls')).toEqual({ type: 'csv' });
    expect(await sniff(await makePptx([{ title: '标题' }]), '汇报.ppt')).toEqual({ type: 'pptx' });
    expect(await sniff(PPT, '汇报.pptx')).toEqual({ type: 'ppt' });
    const { png } = await makeImages();
    expect(await sniff(png, '截图.jpg')).toEqual({ type: 'png' });
  });

  it('refuses content of another family or of no accepted type', async () => {
    const { png } = await makeImages();
    expect(await sniff(DOC, '表.xls')).toEqual(mismatch('表.xls'));
    expect(await sniff(XLS, '说明.doc')).toEqual(mismatch('说明.doc'));
    expect(await sniff(PPT, '说明.wps')).toEqual(mismatch('说明.wps'));
    expect(await sniff(DOC, '图.png')).toEqual(mismatch('图.png'));
    expect(await sniff(png, '说明.doc')).toEqual(mismatch('说明.doc'));
    expect(await sniff(RTF, '说明.txt')).toEqual(mismatch('说明.txt'));
    expect(await sniff(await OFD(), '发票.docx')).toEqual(mismatch('发票.docx'));
    expect(await sniff(makePdf(['发票']), '发票.ofd')).toEqual(mismatch('发票.ofd'));
    expect(await sniff(await makeZip({ 'Doc_0/Document.xml': '<x/>' }), '发票.ofd')).toEqual(mismatch('发票.ofd'));
    expect(await sniff(Buffer.from('<html><table><tr><td>1</td></tr></table></html>'), '导出.xls')).toEqual(mismatch('导出.xls'));
    expect(await sniff(Buffer.from('纯文本'), '说明.doc')).toEqual(mismatch('说明.doc'));
    // A compound file of none of Office's documents (an Outlook message, say).
    expect(await sniff(makeCompound({ __properties_version1: Buffer.alloc(32) }), '邮件.doc')).toEqual(mismatch('邮件.doc'));
    const truncated = DOC.subarray(0, 600);
    expect(await sniff(truncated, '残缺.doc')).toEqual({ problem: '文件已损坏，无法读取：残缺.doc', status: 400 });
  });

  it('refuses a password-protected Office file at upload with the reason', async () => {
    const encrypted = { problem: '文档已加密，请去除密码后上传：加密.xlsx', status: 400 };
    expect(await sniff(makeEncryptedOoxml(), '加密.xlsx')).toEqual(encrypted);
    expect(await sniff(makeEncryptedOoxml(), '加密.docx')).toEqual({ ...encrypted, problem: '文档已加密，请去除密码后上传：加密.docx' });
    expect(await sniff(withWordFib(DOC, { encrypted: true }), '加密.doc')).toEqual({ ...encrypted, problem: '文档已加密，请去除密码后上传：加密.doc' });
    expect(await sniff(withFilePass(XLS), '加密.et')).toEqual({ ...encrypted, problem: '文档已加密，请去除密码后上传：加密.et' });
    expect(await sniff(makeCompound({ 'PowerPoint Document': Buffer.alloc(8), EncryptedSummary: Buffer.alloc(8) }), '加密.ppt'))
      .toEqual({ ...encrypted, problem: '文档已加密，请去除密码后上传：加密.ppt' });
    expect(await sniff(makeEncryptedOoxml(), '加密.pdf')).toEqual(mismatch('加密.pdf'));
  });
});

describe('the archive check before parsing, for the new types', () => {
  it('inflates an OFD package with the caps (it is a zip), and lets the compound files and RTF through untouched', async () => {
    const small = { ...TEST_ZIP_LIMITS, maxBytes: 1024 * 1024 };
    const big = await makeZip({ 'OFD.xml': '<ofd:OFD/>', 'Doc_0/Pages/Page_0/Content.xml': '<a/>'.repeat(600_000) });
    await expect(verifyBeforeParsing(big, 'ofd', small)).rejects.toBeInstanceOf(PermanentJobError);
    await expect(verifyBeforeParsing(await OFD(), 'ofd', small)).resolves.toBeUndefined();
    for (const [bytes, type] of [[DOC, 'doc'], [WPS, 'wps'], [XLS, 'xls'], [XLS, 'et'], [PPT, 'ppt'], [RTF, 'rtf']] as const) {
      await expect(verifyBeforeParsing(bytes, type, small), type).resolves.toBeUndefined();
    }
  });
});
