import { describe, expect, it } from 'vitest';
import { PermanentJobError } from '../../jobs/worker';
import { makeOdf, makeOdt, makePptx } from '../../test-support/office-fixtures';
import { makeZip } from '../../test-support/zip-fixtures';
import { MAX_TABLE_ROWS } from './readers/odf';
import { extractText } from '../extract';

const cell = (text: string, attrs = '') => `<table:table-cell${attrs}><text:p>${text}</text:p></table:table-cell>`;
const row = (cells: string[], attrs = '') => `<table:table-row${attrs}>${cells.join('')}</table:table-row>`;

describe('pptx', () => {
  it('reads slides in presentation.xml order, each titled, with tables as rows with their headers and notes kept with their slide', async () => {
    const pptx = await makePptx([
      { title: '阀门选型', body: ['适用于供水管网', '按公称通径选择'], notes: '讲解时强调压力等级', file: 3 },
      { title: '参数表', table: [['型号', '公称压力'], ['DN50', '1.6 MPa'], ['DN80', '2.5 MPa']], file: 1 },
      { title: '总结', notes: '最后一页的备注', file: 2 },
    ]);
    expect(await extractText(pptx, 'pptx')).toBe([
      '第 1 张幻灯片：阀门选型\n适用于供水管网\n按公称通径选择\n备注：讲解时强调压力等级',
      '第 2 张幻灯片：参数表\n型号: DN50；公称压力: 1.6 MPa\n型号: DN80；公称压力: 2.5 MPa',
      '第 3 张幻灯片：总结\n备注：最后一页的备注',
    ].join('\n\n'));
  });

  it('fails a damaged presentation for good with a Chinese reason', async () => {
    const reasons = await Promise.all([
      extractText(Buffer.from('PK\x03\x04 ppt/presentation.xml'), 'pptx').catch((e: Error) => e),
      extractText(await makeZip({ 'ppt/presentation.xml': '<p:presentation xmlns:p="x"><p:sldIdLst>' }), 'pptx').catch((e: Error) => e),
    ]);
    for (const reason of reasons) expect(reason).toBeInstanceOf(PermanentJobError);
    expect(reasons.map((r) => (r as Error).message)).toEqual([
      '文件无法解析：PowerPoint（pptx） 文件的压缩结构已损坏，请用办公软件打开并另存后重新上传',
      '文件无法解析：PowerPoint（pptx） 文件可能已损坏、加密或格式不受支持，请检查后重新上传',
    ]);
  });
});

describe('OpenDocument', () => {
  it('reads an odt: headings, paragraphs, lists and tables as rows with their headers, no footnote or deleted text', async () => {
    const odt = await makeOdf('text', [
      '<text:tracked-changes><text:changed-region><text:deletion><text:p>已删除的文字</text:p></text:deletion></text:changed-region></text:tracked-changes>',
      '<text:h text:outline-level="1">第三章 安装要求</text:h>',
      '<text:p>阀门应<text:span>水平</text:span>安装<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>脚注</text:p></text:note-body></text:note>。</text:p>',
      '<text:list><text:list-item><text:p>检查法兰</text:p></text:list-item><text:list-item><text:p>紧固螺栓</text:p></text:list-item></text:list>',
      `<table:table><table:table-header-rows>${row([cell('型号'), cell('公称压力')])}</table:table-header-rows>${row([cell('DN50'), cell('1.6 MPa')])}</table:table>`,
    ].join(''));
    expect(await extractText(odt, 'odt')).toBe('第三章 安装要求\n\n阀门应水平安装。\n\n检查法兰\n\n紧固螺栓\n\n型号: DN50；公称压力: 1.6 MPa');
    expect(await extractText(await makeOdt(['第一段', '第二段']), 'odt')).toBe('第一段\n\n第二段');
  });

  it('reads each ods sheet with its header row, expanding repeated cells but not a million repeated rows', async () => {
    const ods = await makeOdf('spreadsheet', [
      `<table:table table:name="人员">${row([cell('姓名'), cell('部门'), '<table:table-cell table:number-columns-repeated="16000"/>'])}`,
      row([cell('张伟'), cell('研发部')]),
      row(['<table:table-cell table:number-columns-repeated="1024"/>'], ' table:number-rows-repeated="1048000"'),
      '</table:table>',
      `<table:table table:name="待办">${row([cell('事项'), cell('状态')])}${row([cell('巡检'), cell('未完成')], ' table:number-rows-repeated="1000000"')}</table:table>`,
    ].join(''));
    const text = await extractText(ods, 'ods');
    const [people, todo] = text.split('\n\n');
    expect(people).toBe('【人员】\n姓名: 张伟；部门: 研发部');
    const lines = todo.split('\n');
    expect(lines[0]).toBe('【待办】');
    expect(lines[1]).toBe('事项: 巡检；状态: 未完成');
    expect(lines.length - 1).toBe(MAX_TABLE_ROWS - 1); // the header row counts among a table's rows
  });

  it('reads an odp: each slide titled (its title frame, or its own name), its frames, then its notes', async () => {
    const frame = (text: string, cls = '') => `<draw:frame${cls && ` presentation:class="${cls}"`}><draw:text-box><text:p>${text}</text:p></draw:text-box></draw:frame>`;
    const odp = await makeOdf('presentation', [
      `<draw:page draw:name="page1">${frame('年度计划', 'title')}${frame('第一季度完成选型', 'outline')}`,
      `<presentation:notes><draw:page-thumbnail/>${frame('这里讲预算', 'notes')}</presentation:notes></draw:page>`,
      `<draw:page draw:name="致谢">${frame('谢谢')}</draw:page>`,
    ].join(''));
    expect(await extractText(odp, 'odp')).toBe('第 1 张幻灯片：年度计划\n第一季度完成选型\n备注：这里讲预算\n\n第 2 张幻灯片：致谢\n谢谢');
  });

  it('fails a damaged or encrypted package for good with a Chinese reason', async () => {
    const encrypted = await makeZip({
      mimetype: 'application/vnd.oasis.opendocument.text',
      'META-INF/manifest.xml': '<manifest:manifest xmlns:manifest="m"><manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data/></manifest:file-entry></manifest:manifest>',
      'content.xml': Buffer.from([0x8f, 0x01, 0x02]),
    });
    const reasons = await Promise.all([
      extractText(await makeOdf('text', '<text:p>没有结束'), 'odt').catch((e: Error) => e.message),
      extractText(await makeZip({ mimetype: 'application/vnd.oasis.opendocument.spreadsheet' }), 'ods').catch((e: Error) => e.message),
      extractText(encrypted, 'odt').catch((e: Error) => e.message),
    ]);
    expect(reasons).toEqual([
      '文件无法解析：OpenDocument 文本（odt） 文件可能已损坏、加密或格式不受支持，请检查后重新上传',
      '文件无法解析：OpenDocument 表格（ods） 文件可能已损坏、加密或格式不受支持，请检查后重新上传',
      '文件无法解析：OpenDocument 文本（odt） 文件已加密，请去除密码后重新上传',
    ]);
  });
});

describe('csv', () => {
  it('reads records leniently: quoted commas and line breaks, doubled quotes, a stray quote inside a field, each row with its line', async () => {
    const { csvRecords } = await import('./readers/spreadsheet');
    expect([...csvRecords('名称,数量\n苹果,3\r\n梨,"4,5"\n他说"好",x\n"多\n行",""""\n\n尾,')]).toEqual([
      [1, ['名称', '数量']], [2, ['苹果', '3']], [3, ['梨', '4,5']], [4, ['他说"好"', 'x']], [5, ['多\n行', '"']], [8, ['尾', '']],
    ]);
    expect(await extractText(Buffer.from('型号\t公称压力\nDN50\t1.6 MPa\n'), 'csv')).toBe('型号: DN50；公称压力: 1.6 MPa');
  });
});
