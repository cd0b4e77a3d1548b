import { describe, expect, it } from 'vitest';
import { makeDocxParts } from '../../test-support/office-fixtures';
import { makeZip } from '../../test-support/zip-fixtures';
import { chunkBlocks } from '../chunk-blocks';
import { readDocument } from './index';
import { readDocx } from './readers/docx';
import { chineseNumber } from './readers/docx-numbering';

const limits = { maxBytes: 256 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };
const read = (bytes: Buffer) => readDocument(bytes, 'docx', { limits });
const outline = (blocks: { kind: string; level?: number; text: string }[]) => blocks.map((b) => (b.kind === 'heading' ? `H${b.level} ${b.text}` : `${b.kind}: ${b.text}`));

const r = (text: string, rPr = '') => `<w:r>${rPr && `<w:rPr>${rPr}</w:rPr>`}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const p = (content: string, pPr = '') => `<w:p>${pPr && `<w:pPr>${pPr}</w:pPr>`}${content}</w:p>`;
const styled = (style: string, text: string) => p(r(text), `<w:pStyle w:val="${style}"/>`);
const numbered = (numId: number, text: string) => p(r(text), `<w:numPr><w:ilvl w:val="0"/><w:numId w:val="${numId}"/></w:numPr>`);
const fld = (type: string) => `<w:r><w:fldChar w:fldCharType="${type}"/></w:r>`;
const instr = (text: string) => `<w:r><w:instrText xml:space="preserve">${text}</w:instrText></w:r>`;

const STYLES = [
  '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr><w:outlineLvl w:val="0"/></w:pPr></w:style>',
  '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Heading1"/><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr><w:outlineLvl w:val="1"/></w:pPr></w:style>',
  // Inherits its level and number from Heading1.
  '<w:style w:type="paragraph" w:styleId="ChapterTitle"><w:name w:val="Chapter Title"/><w:basedOn w:val="Heading1"/></w:style>',
  // As WPS names it, with no outline level written.
  '<w:style w:type="paragraph" w:styleId="a5"><w:name w:val="标题 1"/></w:style>',
  '<w:style w:type="paragraph" w:styleId="TOC1"><w:name w:val="toc 1"/></w:style>',
].join('');

const NUMBERING = [
  '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="chineseCounting"/><w:lvlText w:val="第%1章"/></w:lvl>',
  '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/><w:isLgl/></w:lvl></w:abstractNum>',
  '<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum>',
  '<w:abstractNum w:abstractNumId="2"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum>',
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num><w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num>',
].join('');

const TEXT_BOX = '<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><a:graphic><a:graphicData><wps:wsp><wps:txbx><w:txbxContent>' +
  `${p(r('文本框里的说明'))}</w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>` +
  `<mc:Fallback><w:pict><v:shape><v:textbox><w:txbxContent>${p(r('文本框里的说明'))}</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>`;
const PICTURE = '<w:r><w:drawing><wp:inline><a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="rIdPic1"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>';

describe('docx', () => {
  it('reads headings from outline levels and styles with their numbers, lists, revisions, fields and text boxes; no TOC, header or hidden text', async () => {
    const png = Buffer.from('\x89PNG\r\n\x1a\n picture');
    const docx = await makeDocxParts({
      styles: STYLES,
      numbering: NUMBERING,
      header: p(r('页眉：内部资料')),
      footnotes: `<w:footnote w:type="separator" w:id="-1">${p('<w:r><w:separator/></w:r>')}</w:footnote><w:footnote w:id="1">${p(r('依据 GB/T 12345。'))}</w:footnote>`,
      media: { rIdPic1: png },
      body: [
        '<w:sdt><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/></w:docPartObj></w:sdtPr><w:sdtContent>',
        `${p(r('目录'))}${p(`${r('第三章 设备安装')}<w:r><w:tab/></w:r>${r('3')}`, '<w:pStyle w:val="TOC1"/>')}</w:sdtContent></w:sdt>`,
        p(`${fld('begin')}${instr(' TOC \\o "1-3" \\h ')}${fld('separate')}${r('第一章 总则 ........ 1')}`),
        p(`${r('第二章 材料 ........ 2')}${fld('end')}`),
        styled('Heading1', '总则'),
        p(r('本规程适用于供水管网。')),
        styled('ChapterTitle', '材料'),
        styled('Heading1', '设备安装'),
        styled('Heading2', '一般规定'),
        styled('Heading2', '阀门'),
        p(r('安装要求'), '<w:outlineLvl w:val="2"/>'),
        p(`${r('阀门应')}<w:del><w:r><w:delText>竖直</w:delText></w:r></w:del><w:ins><w:r><w:t>水平</w:t></w:r></w:ins>${r('安装，')}` +
          `${fld('begin')}${instr('HYPERLINK "http://example.com/a"')}${fld('separate')}${r('见图')}${fld('end')}${r('。')}<w:r><w:footnoteReference w:id="1"/></w:r>`),
        p(`${r('如图所示')}${TEXT_BOX}${PICTURE}`),
        numbered(2, '检查法兰'), numbered(2, '紧固螺栓'), numbered(3, '注意安全'),
        p(`${r('隐藏文字', '<w:vanish/>')}${r('可见文字')}`),
        styled('a5', '附录'),
      ].join(''),
    });
    const { blocks } = await read(docx);
    expect(outline(blocks)).toEqual([
      'H1 第一章 总则', 'paragraph: 本规程适用于供水管网。', 'H1 第二章 材料', 'H1 第三章 设备安装', 'H2 3.1 一般规定', 'H2 3.2 阀门', 'H3 安装要求',
      'paragraph: 阀门应水平安装，见图。', 'paragraph: 如图所示', 'paragraph: 文本框里的说明',
      'paragraph: 1. 检查法兰', 'paragraph: 2. 紧固螺栓', 'paragraph: 注意安全', 'paragraph: 可见文字', 'H1 附录', 'paragraph: 依据 GB/T 12345。',
    ]);
    expect(blocks.every((b) => b.at.page === undefined)).toBe(true);
    // Collected with its place marked after its paragraph (this one is no real image: nothing is recognised, the mark goes).
    const raw = await readDocx(docx, { limits });
    expect(raw.images).toEqual([{ bytes: png, at: {} }]);
    expect(raw.blocks.findIndex((b) => b.image === 0)).toBe(raw.blocks.findIndex((b) => b.text === '如图所示') + 2);
    const chunk = chunkBlocks(blocks, { chunkSize: 500, chunkOverlap: 50 }).find((c) => c.content.includes('水平安装'));
    expect(chunk?.path).toEqual(['第三章 设备安装', '3.2 阀门', '安装要求']);
  });

  it('reads tables as rows with their header: header rows, spanned and merged cells repeated, nested tables flattened, one-column tables as text', async () => {
    const tc = (content: string, tcPr = '') => `<w:tc>${tcPr && `<w:tcPr>${tcPr}</w:tcPr>`}${content.startsWith('<') ? content : p(r(content))}</w:tc>`;
    const tr = (cells: string[], trPr = '') => `<w:tr>${trPr && `<w:trPr>${trPr}</w:trPr>`}${cells.join('')}</w:tr>`;
    const tbl = (rows: string[]) => `<w:tbl><w:tblPr/><w:tblGrid/>${rows.join('')}</w:tbl>`;
    const head = '<w:tblHeader/>';
    const nested = tbl([tr([tc('材质'), tc('温度')]), tr([tc('WCB'), tc('≤425℃')])]);
    const docx = await makeDocxParts({
      styles: STYLES,
      body: [
        tbl([
          tr([tc('型号', '<w:vMerge w:val="restart"/>'), tc('参数', '<w:gridSpan w:val="2"/>'), tc('备注')], head),
          tr([tc('', '<w:vMerge/>'), tc('公称通径'), tc('公称压力'), tc('')], head),
          tr([tc('Z41H-16C'), tc('DN50'), tc('1.6 MPa'), tc(`${p(r('见下表'))}${nested}`)]),
          tr([tc('Z41H-25', '<w:vMerge w:val="restart"/>'), tc('DN80'), tc('2.5 MPa'), tc('')]),
          tr([tc('', '<w:vMerge/>'), tc('DN100'), tc('2.5 MPa'), tc('法兰连接')]),
        ]),
        tbl([tr([tc(styled('Heading1', '排版用的单列表格'))]), tr([tc('表格里的正文')])]),
      ].join(''),
    });
    const { blocks } = await read(docx);
    expect(outline(blocks)).toEqual([
      'row: 型号: Z41H-16C；参数 公称通径: DN50；参数 公称压力: 1.6 MPa；备注: 见下表 材质: WCB；温度: ≤425℃',
      'row: 型号: Z41H-25；参数 公称通径: DN80；参数 公称压力: 2.5 MPa',
      'row: 型号: Z41H-25；参数 公称通径: DN100；参数 公称压力: 2.5 MPa；备注: 法兰连接',
      'H1 排版用的单列表格', 'paragraph: 表格里的正文',
    ]);
    // 「DN50 阀门的公称压力是多少」: the row is in one chunk with its header.
    const chunk = chunkBlocks(blocks, { chunkSize: 500, chunkOverlap: 50 }).find((c) => c.content.includes('DN50'));
    expect(chunk?.content).toContain('参数 公称通径: DN50；参数 公称压力: 1.6 MPa');
  });

  it('reads a part written with a byte order mark before its XML declaration', async () => {
    const bom = await makeZip({ 'word/document.xml': `\uFEFF<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="x"><w:body>${p(r('带 BOM 的正文'))}</w:body></w:document>` });
    expect((await read(bom)).blocks.map((b) => b.text)).toEqual(['带 BOM 的正文']);
  });

  it('fails a damaged document for good with a Chinese reason', async () => {
    const reason = await read(await makeZip({ 'word/document.xml': '<w:document xmlns:w="x"><w:body>' })).catch((e: Error) => e.message);
    expect(reason).toBe('文件无法解析：Word（docx） 文件可能已损坏、加密或格式不受支持，请检查后重新上传');
  });

  it('writes Chinese list numbers as Word counts them', () => {
    expect([1, 3, 10, 12, 20, 105, 110, 2024].map(chineseNumber)).toEqual(['一', '三', '十', '十二', '二十', '一百零五', '一百一十', '二千零二十四']);
  });
});
