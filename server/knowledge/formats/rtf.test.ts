import { describe, expect, it } from 'vitest';
import { PermanentJobError } from '../../jobs/worker';
import { extractText } from '../extract';
import { readDocument } from '.';

const LIMITS = { maxBytes: 256 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };
/** Text as RTF's \uN characters, each with a one-byte stand-in. */
const u = (s: string) => [...s].map((c) => `\\u${c.charCodeAt(0)}?`).join('');
const rtf = (body: string, header = '') => Buffer.from(`{\\rtf1\\ansi\\ansicpg936\\deff0{\\fonttbl{\\f0\\fnil\\fcharset134 \\'cb\\'ce\\'cc\\'e5;}` +
  `{\\f1\\fswiss\\fcharset0 Arial;}{\\f2\\fnil\\fcharset136 MingLiU;}}{\\colortbl;\\red0\\green0\\blue0;}${header}\n${body}}`, 'latin1');

describe('RTF', () => {
  it('decodes \\\'hh bytes by the code page (GBK for \\ansicpg936, Big5 for a \\fcharset136 font) and \\uN with \\ucN stand-ins skipped', async () => {
    const text = await extractText(rtf([
      "\\pard\\f0 \\'b1\\'be\\'b9\\'e6\\'b7\\'b6\\'ca\\'ca\\'d3\\'c3\\'d3\\'da\\'b9\\'a9\\'cb\\'ae\\'b9\\'dc\\'cd\\'f8\\'a1\\'a3\\par",
      '\\pard\\uc1 \\u20320?\\u22909? world\\par',
      "\\pard{\\uc2 \\u20013\\'d6\\'d0\\u25991\\'ce\\'c4}\\par",
      "\\pard{\\f2 \\'a4\\'a4\\'a4\\'e5}\\par",
      '\\pard \\{braces\\} \\\\ back\\tab slash\\line next\\par',
    ].join('\n')), 'rtf', LIMITS);
    expect(text).toBe('本规范适用于供水管网。\n\n你好 world\n\n中文\n\n中文\n\n{braces} \\ back slash\nnext');
  });

  it('skips fonts, colours, styles, information, pictures, page headers and footers, field instructions and \\bin data', async () => {
    const header = '{\\stylesheet{\\s1 heading 1;}}{\\info{\\title 文档属性标题}{\\author 某人}}' +
      `{\\header\\pard ${u('页眉文字')}\\par}{\\footer\\pard ${u('第一页页脚')}\\par}`;
    const text = await extractText(rtf([
      `\\pard ${u('正文开始')}\\par`,
      '{\\pict\\wmetafile8\\picw10 0123456789abcdef0123456789abcdef}',
      `\\pard {\\field{\\*\\fldinst HYPERLINK "http://example.com"}{\\fldrslt ${u('链接文字')}}}\\par`,
      `\\pard ${u('图片')}{\\*\\blipuid \\bin6 {}}}\\}}${u('之后')}\\par`,
    ].join('\n'), header), 'rtf', LIMITS);
    expect(text).toBe('正文开始\n\n链接文字\n\n图片之后');
  });

  it('reads a table as rows with the first row as their header, outline levels as headings, and footnotes at the end', async () => {
    const row = (cells: string[]) => `\\trowd\\cellx2000\\cellx4000\n${cells.map((c) => `\\pard\\intbl ${u(c)}\\cell`).join(' ')}\\row`;
    const read = await readDocument(rtf([
      `\\pard\\outlinelevel0 ${u('阀门安装')}\\par`,
      `\\pard\\outlinelevel1 ${u('参数')}\\par`,
      row(['型号', '公称压力']), row(['DN50', '1.6 MPa']), row(['DN80', '2.5 MPa']),
      `\\pard ${u('表后段落')}{\\footnote\\pard ${u('依据国家标准进行压力试验。')}\\par}\\par`,
    ].join('\n')), 'rtf', { limits: LIMITS });
    expect(read.blocks).toEqual([
      { kind: 'heading', level: 1, text: '阀门安装', at: {} },
      { kind: 'heading', level: 2, text: '参数', at: {} },
      { kind: 'row', text: '型号: DN50；公称压力: 1.6 MPa', at: {} },
      { kind: 'row', text: '型号: DN80；公称压力: 2.5 MPa', at: {} },
      { kind: 'paragraph', text: '表后段落', at: {} },
      { kind: 'heading', level: 1, text: '脚注', at: {} },
      { kind: 'paragraph', text: '依据国家标准进行压力试验。', at: {} },
    ]);
  });

  it('fails an RTF without text for good', async () => {
    await expect(extractText(rtf('{\\pict 00ff}'), 'rtf', LIMITS)).rejects.toBeInstanceOf(PermanentJobError);
  });
});
