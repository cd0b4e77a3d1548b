// A generation's cases as files testers take elsewhere (issue 14, D42): an xlsx in MeterSphere's functional-case import
// columns, and an XMind (Zen) map in MeterSphere's topic convention. Every text goes through the shared
// formula-injection guard (contract/files/safe-xlsx.ts): a cell or topic starting with = + - @ gets a leading '.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { safeText, storedZip } from '../../contract/files/safe-xlsx';
import type { Deps } from '../deps';
import { testcaseCases, testcaseItems, testcaseTasks } from '../db/schema';
import { badRequest } from '../http-error';
import type { Viewer } from '../knowledge/visibility';
import { visibleGeneration } from './generation-reads';

/** A case as exported, with its requirement item. */
export type ExportCase = {
  code: string;
  title: string;
  module: string;
  precondition: string;
  steps: { step: string; expected: string }[];
  priority: string;
  caseType: string;
  itemCode: string;
  itemTitle: string;
};

/** MeterSphere's import columns (FunctionalCaseExcelDataCn), in its order, with the 用例等级 template field. */
export const XLSX_COLUMNS = ['ID', '用例名称', '所属模块', '标签', '前置条件', '备注', '步骤描述', '预期结果', '编辑模式', '用例等级'] as const;

/** The cases of a generation's current tasks (an expired task's cases belong to an older version), in item order. */
export async function exportCases(deps: Pick<Deps, 'db'>, viewer: Viewer, uid: string): Promise<{ name: string; cases: ExportCase[] }> {
  const g = await visibleGeneration(deps, viewer, uid);
  const rows = await deps.db.select({ c: testcaseCases, itemCode: testcaseItems.code, itemTitle: testcaseItems.title })
    .from(testcaseCases)
    .innerJoin(testcaseTasks, eq(testcaseTasks.id, testcaseCases.taskId))
    .innerJoin(testcaseItems, eq(testcaseItems.id, testcaseCases.itemId))
    .where(and(eq(testcaseCases.generationId, g.id), ne(testcaseTasks.status, 'expired')))
    .orderBy(asc(testcaseItems.position), asc(testcaseCases.seq));
  if (rows.length === 0) throw badRequest('还没有生成任何用例，无需导出');
  return {
    name: g.name,
    cases: rows.map(({ c, itemCode, itemTitle }) => ({
      code: c.code, title: c.title, module: c.module, precondition: c.precondition, steps: c.steps, priority: c.priority,
      caseType: c.caseType, itemCode, itemTitle,
    })),
  };
}

/** MeterSphere's module path: `/模块/子模块`. */
const modulePath = (module: string) => (module ? `/${module.split('/').map((p) => p.trim()).filter(Boolean).join('/')}` : '');
/** Tags: the case type and the requirement item it covers (MeterSphere splits tags on ;). */
const tagsOf = (c: ExportCase) => [c.caseType, `需求:${c.itemCode}`].map((t) => t.replace(/;/g, '；').slice(0, 64));
const remarkOf = (c: ExportCase) => `用例编号：${c.code}；需求条目：${c.itemCode} ${c.itemTitle}`;
/** MeterSphere's step mode text: `[1]…` one step a line, the expected results numbered alike. */
const numbered = (texts: string[]) => texts.map((t, i) => `[${i + 1}]${t}`).join('\n');

/** The row of a case under XLSX_COLUMNS. ID stays empty: MeterSphere makes new cases (an ID would ask to update one). */
export function xlsxRow(c: ExportCase): string[] {
  return ['', c.title, modulePath(c.module), tagsOf(c).join(';'), c.precondition, remarkOf(c),
    numbered(c.steps.map((s) => s.step)), numbered(c.steps.map((s) => s.expected)), 'STEP', c.priority].map(safeText);
}

/** The cases as an xlsx workbook of one sheet (用例) in MeterSphere's columns. */
export async function casesWorkbook(cases: ExportCase[]): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  book.creator = '用例生成';
  const sheet = book.addWorksheet('用例', { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = [8, 40, 24, 20, 30, 36, 50, 50, 10, 10];
  sheet.columns = XLSX_COLUMNS.map((header, i) => ({ header, width: widths[i] }));
  for (const c of cases) sheet.addRow(xlsxRow(c)).alignment = { wrapText: true, vertical: 'top' };
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

type Topic = { id: string; class: 'topic'; title: string; children?: { attached: Topic[] } };
const topic = (title: string, children: Topic[] = []): Topic => ({
  id: randomUUID(), class: 'topic', title: safeText(title), ...(children.length ? { children: { attached: children } } : {}),
});

/**
 * The cases as an XMind (Zen) map in MeterSphere's convention: the root is the generation, module topics below it
 * (the case's module path), a case is `case-<优先级>:<用例名称>` with `前置条件:`, `步骤:` (its `预期结果:` below),
 * `备注:` and `标签:` children.
 */
export function casesXmind(name: string, cases: ExportCase[]): Uint8Array {
  const root = topic(name);
  const moduleTopic = (module: string): Topic => {
    let at = root;
    for (const part of module.split('/').map((p) => p.trim()).filter(Boolean)) {
      at.children ??= { attached: [] };
      let next = at.children.attached.find((t) => t.title === safeText(part) && !t.title.startsWith('case-'));
      if (!next) at.children.attached.push((next = topic(part)));
      at = next;
    }
    return at;
  };
  for (const c of cases) {
    const parent = moduleTopic(c.module);
    const children = [
      ...(c.precondition ? [topic(`前置条件:${c.precondition}`)] : []),
      ...c.steps.map((s) => topic(`步骤:${s.step}`, [topic(`预期结果:${s.expected}`)])),
      topic(`备注:${remarkOf(c)}`),
      topic(`标签:${tagsOf(c).join(';')}`),
    ];
    parent.children ??= { attached: [] };
    parent.children.attached.push(topic(`case-${c.priority}:${c.title}`, children));
  }
  const content = [{ id: randomUUID(), class: 'sheet', title: safeText(name), rootTopic: { ...root, structureClass: 'org.xmind.ui.logic.right' } }];
  const enc = new TextEncoder();
  const files = {
    'content.json': JSON.stringify(content),
    'metadata.json': JSON.stringify({ creator: { name: '用例生成', version: '1' } }),
    'manifest.json': JSON.stringify({ 'file-entries': { 'content.json': {}, 'metadata.json': {} } }),
  };
  return storedZip(Object.entries(files).map(([file, text]) => ({ name: file, data: enc.encode(text) })));
}
