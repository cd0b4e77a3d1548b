import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makeDocxOf } from '../test-support/zip-fixtures';
import { constraintsOf } from './cases';
import { csvRows } from './source-read';
import { blocksOf } from './source';
import { splitRequirements, type SourceBlock } from './split';

const LIMITS = { maxBytes: 256 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };
const text = (s: string): SourceBlock[] => s.split('\n').map((t) => ({ kind: 'line', text: t }));

const CLAUSES = `用户账号管理办法（需求）
为规范账号管理，制定本需求。
第一章 总则
第一条 本需求适用于企业知识库的全部用户账号。
第二章 账号
第二条 用户名由字母开头，长度为 4 至 20 个字符，只能包含字母、数字和下划线。
第三条 密码长度不少于 8 位，须同时包含大写字母、小写字母和数字：
1. 连续输错 5 次锁定 30 分钟；
2. 90 天未修改须强制修改。
第四条 管理员可以停用账号，停用后该账号的登录立即失效。`;

const HEADINGS = `订单系统需求说明书
1 引言
本文档描述订单模块。
2 功能需求
2.1 下单
2.1.1 创建订单
用户选择商品后提交订单，订单金额须大于 0 元且不超过 50000 元。
2.1.2 取消订单
未支付的订单可在 30 分钟内取消，取消后库存立即释放。
2.2 支付
支持微信和支付宝两种方式，支付超时时间为 15 分钟。
3 非功能需求
3.1 性能
下单接口在 200 并发下响应时间不超过 2 秒。`;

describe('splitting requirements into items (issue 14)', () => {
  it('takes each numbered Chinese clause as an item, with its points and its chapter as the module', () => {
    const items = splitRequirements(text(CLAUSES));
    expect(items.map((i) => i.code)).toEqual(['第一条', '第二条', '第三条', '第四条']);
    expect(items[1]).toMatchObject({ module: '第二章 账号', title: '用户名由字母开头，长度为 4 至 20 个字符，只能包含字母、数字和下划线' });
    // The constraints stay in the item's text: cases are written from all of them.
    expect(items[2].text).toContain('连续输错 5 次锁定 30 分钟');
    expect(items[2].text).toContain('90 天未修改须强制修改');
    expect(items[0].module).toBe('第一章 总则');
    expect(items.some((i) => i.text.includes('为规范账号管理'))).toBe(false);
  });

  it('takes the innermost numbered headings as items and their parents as the module path', () => {
    const items = splitRequirements(text(HEADINGS));
    expect(items.map((i) => i.code)).toEqual(['1', '2.1.1', '2.1.2', '2.2', '3.1']);
    expect(items.find((i) => i.code === '2.1.1')).toMatchObject({
      module: '2 功能需求/2.1 下单', title: '创建订单', text: expect.stringContaining('不超过 50000 元'),
    });
    expect(items.find((i) => i.code === '3.1')?.module).toBe('3 非功能需求');
  });

  it('reads Markdown headings the same way', () => {
    const items = splitRequirements(text('# 报表\n## 导出\n报表可导出为 xlsx，单次最多 10 万行。\n## 打印\n支持 A4 纵向打印。'));
    expect(items.map((i) => [i.code, i.module, i.title])).toEqual([['R1', '报表', '导出'], ['R2', '报表', '打印']]);
  });

  it('makes one item per paragraph when the document has no structure', () => {
    const items = splitRequirements(text('系统应支持按部门筛选人员。\n\n短句\n导出的文件名包含导出时间。'));
    expect(items.map((i) => i.code)).toEqual(['R1', 'R2']);
  });

  it('takes each row of a requirements table in an xlsx as an item, keeping every column', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('需求');
    sheet.addRow(['需求编号', '功能模块', '需求名称', '需求描述', '优先级']);
    sheet.addRow(['REQ-001', '登录', '密码登录', '用户输入用户名和密码登录，密码错误提示"用户名或密码错误"', '高']);
    sheet.addRow(['REQ-002', '登录', '验证码', '连续失败 3 次后要求输入 4 位图形验证码', '中']);
    sheet.addRow([]);
    const buf = Buffer.from(await book.xlsx.writeBuffer());
    const items = splitRequirements(await blocksOf(buf, 'xlsx', '需求.xlsx', LIMITS));
    expect(items).toEqual([
      { code: 'REQ-001', module: '登录', title: '密码登录', text: '需求编号：REQ-001；功能模块：登录；需求名称：密码登录；需求描述：用户输入用户名和密码登录，密码错误提示"用户名或密码错误"；优先级：高' },
      { code: 'REQ-002', module: '登录', title: '验证码', text: '需求编号：REQ-002；功能模块：登录；需求名称：验证码；需求描述：连续失败 3 次后要求输入 4 位图形验证码；优先级：中' },
    ]);
  });

  it('takes the rows of a table in a docx as items, under the heading before it', async () => {
    const p = (t: string) => `<w:p><w:r><w:t>${t}</w:t></w:r></w:p>`;
    const cell = (t: string) => `<w:tc>${p(t)}</w:tc>`;
    const row = (...cells: string[]) => `<w:tr>${cells.map(cell).join('')}</w:tr>`;
    const docx = await makeDocxOf([
      p('3 接口需求'),
      `<w:tbl>${row('序号', '需求', '说明')}${row('1', '查询接口', '按时间范围查询，范围不超过 31 天')}${row('2', '导出接口', '导出不超过 10000 条')}</w:tbl>`,
      p('4 其他'),
      p('4.1 日志'),
      p('所有接口调用须记录审计日志。'),
    ].join(''));
    const items = splitRequirements(await blocksOf(docx, 'docx', '接口.docx', LIMITS));
    expect(items.map((i) => [i.code, i.module, i.title])).toEqual([
      ['1', '3 接口需求', '查询接口'], ['2', '3 接口需求', '导出接口'], ['4.1', '4 其他', '日志'],
    ]);
    expect(items[0].text).toBe('序号：1；需求：查询接口；说明：按时间范围查询，范围不超过 31 天');
  });

  it('reads csv rows with quoted commas and line breaks', () => {
    expect(csvRows('编号,描述\nA1,"含逗号,和""引号"""\nA2,"两\n行"\n')).toEqual([['编号', '描述'], ['A1', '含逗号,和"引号"'], ['A2', '两\n行']]);
  });

  it('does not take a numbered heading (1.1 注册) for one of an item\'s constraints', () => {
    const items = splitRequirements(text('# 1 账号\n## 1.1 注册\n用户名长度为 4 至 20 个字符。\n手机号必填。\n## 1.2 登录\n### 1.2.1 密码登录\n连续输错 5 次锁定 30 分钟。'));
    expect(items.map((i) => i.title)).toEqual(['1.1 注册', '1.2.1 密码登录']);
    expect(constraintsOf(items[0].text)).toEqual(['用户名长度为 4 至 20 个字符', '手机号必填']);
    expect(constraintsOf(items[1].text)).toEqual(['连续输错 5 次锁定 30 分钟']);
    // A clause's number and its numbered points are not limits either; a sentence that starts with a count is.
    expect(constraintsOf('第三条 密码规则\n1. 不少于 8 位\n2.1 说明\n3 次失败后锁定')).toEqual(['不少于 8 位', '3 次失败后锁定']);
  });
});
