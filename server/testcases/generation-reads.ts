// What a tester sees of test-case generations (issue 14): the list with its counts, one generation with its items,
// tasks and cases, and the states of chosen tasks. Only the owner's generations within the clearance are answered.
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  TASK_STATUS_NAMES, TESTCASE_MESSAGES, type Generation, type GenerationDetail, type GenerationList, type GenerationListBody,
  type RequirementItem, type TaskState, type TaskStatus, type TestCase,
} from '../../contract/api';
import type { Deps } from '../deps';
import { secrecyGrades, testcaseCases, testcaseGenerations, testcaseItems, testcaseTasks, users } from '../db/schema';
import { badRequest, HttpError } from '../http-error';
import type { Viewer } from '../knowledge/visibility';
import { generationVisibleTo } from './visibility';

type GenerationRow = typeof testcaseGenerations.$inferSelect;
type TaskRow = typeof testcaseTasks.$inferSelect;

export const notFound = () => new HttpError(404, TESTCASE_MESSAGES.notFound);

/** The progress shown for a status (a task is one model request: it has no steps of its own to count). */
const PROGRESS: Record<TaskStatus, number> = {
  not_started: 0, in_progress: 50, completed: 100, paused: 0, terminated: 0, skipped: 100, expired: 100, pending_update: 0, latest: 100, archived: 100,
};

/** The generation if the viewer may see it; 404 otherwise, whether it exists or not. */
export async function visibleGeneration(deps: Pick<Deps, 'db'>, viewer: Viewer, uid: string): Promise<GenerationRow> {
  const [row] = await deps.db.select().from(testcaseGenerations).where(and(eq(testcaseGenerations.uid, uid), generationVisibleTo(viewer)));
  if (!row) throw notFound();
  return row;
}

/** An archived generation is read-only. */
export function assertWritable(generation: GenerationRow): void {
  if (generation.archived) throw badRequest('该生成已归档，只能查看');
}

type CaseRow = typeof testcaseCases.$inferSelect;
const toCase = (c: CaseRow, itemCode: string): TestCase => ({
  id: c.id, code: c.code, title: c.title, module: c.module, precondition: c.precondition, steps: c.steps, priority: c.priority,
  case_type: c.caseType, item_id: c.itemId, item_code: itemCode,
});

/** Task states with their cases, for tasks already chosen as visible. */
async function statesOf(deps: Pick<Deps, 'db'>, rows: { task: TaskRow; position: number; itemCode: string }[]): Promise<TaskState[]> {
  if (rows.length === 0) return [];
  const cases = await deps.db.select().from(testcaseCases)
    .where(inArray(testcaseCases.taskId, rows.map((r) => r.task.id))).orderBy(asc(testcaseCases.taskId), asc(testcaseCases.seq));
  const byTask = new Map<number, CaseRow[]>();
  for (const c of cases) byTask.set(c.taskId, [...(byTask.get(c.taskId) ?? []), c]);
  return rows.map(({ task, position, itemCode }) => {
    const status = task.status as TaskStatus;
    return {
      task_id: task.uid, item_id: task.itemId, status, status_name: TASK_STATUS_NAMES[status], position, progress: PROGRESS[status],
      reason: task.reason, cases: (byTask.get(task.id) ?? []).map((c) => toCase(c, itemCode)),
    };
  });
}

/** task_status: one entry per id the viewer may see, in the order asked; unknown and hidden ids are left out. */
export async function taskStates(deps: Pick<Deps, 'db'>, viewer: Viewer, uids: string[]): Promise<TaskState[]> {
  const rows = await deps.db.select({ task: testcaseTasks, position: testcaseItems.position, itemCode: testcaseItems.code })
    .from(testcaseTasks)
    .innerJoin(testcaseGenerations, eq(testcaseGenerations.id, testcaseTasks.generationId))
    .innerJoin(testcaseItems, eq(testcaseItems.id, testcaseTasks.itemId))
    .where(and(inArray(testcaseTasks.uid, [...new Set(uids)]), generationVisibleTo(viewer)));
  const order = new Map(uids.map((u, i) => [u, i]));
  return statesOf(deps, rows.sort((a, b) => order.get(a.task.uid)! - order.get(b.task.uid)!));
}

const FINISHED: TaskStatus[] = ['completed', 'latest', 'skipped'];

/** The generations of the viewer, newest first, with their counts. */
export async function listGenerations(deps: Pick<Deps, 'db'>, viewer: Viewer, body: GenerationListBody): Promise<GenerationList> {
  const page = body.page ?? 1;
  const size = body.page_size ?? 20;
  const where = and(
    generationVisibleTo(viewer),
    eq(testcaseGenerations.archived, body.archived ?? false),
    body.keyword?.trim() ? ilike(testcaseGenerations.name, `%${body.keyword.trim().replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const [{ total }] = await deps.db.select({ total: count() }).from(testcaseGenerations).where(where);
  const rows = await deps.db.select({ g: testcaseGenerations, owner: users.fullName, gradeName: secrecyGrades.text })
    .from(testcaseGenerations)
    .innerJoin(users, eq(users.id, testcaseGenerations.ownerId))
    .innerJoin(secrecyGrades, eq(secrecyGrades.code, testcaseGenerations.secrecy))
    .where(where).orderBy(desc(testcaseGenerations.id)).limit(size).offset((page - 1) * size);
  return { total, data: await summaries(deps, rows) };
}

async function summaries(deps: Pick<Deps, 'db'>, rows: { g: GenerationRow; owner: string; gradeName: string }[]): Promise<Generation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.g.id);
  const tasks = await deps.db.select({ generationId: testcaseTasks.generationId, status: testcaseTasks.status, itemId: testcaseTasks.itemId })
    .from(testcaseTasks).where(inArray(testcaseTasks.generationId, ids));
  // Cases of the current version only: an expired task's cases neither count nor cover their item.
  const cases = await deps.db.select({ generationId: testcaseCases.generationId, itemId: testcaseCases.itemId, n: count() })
    .from(testcaseCases).innerJoin(testcaseTasks, eq(testcaseTasks.id, testcaseCases.taskId))
    .where(and(inArray(testcaseCases.generationId, ids), sql`${testcaseTasks.status} <> 'expired'`))
    .groupBy(testcaseCases.generationId, testcaseCases.itemId);
  return rows.map(({ g, owner, gradeName }) => {
    const mine = tasks.filter((t) => t.generationId === g.id && t.status !== 'expired');
    const items = new Set(mine.map((t) => t.itemId));
    const withCases = new Set(cases.filter((c) => c.generationId === g.id).map((c) => c.itemId));
    const skipped = new Set(mine.filter((t) => t.status === 'skipped').map((t) => t.itemId));
    return {
      generation_id: g.uid, name: g.name, source_name: g.sourceName, secrecy: g.secrecy, secrecy_name: gradeName, owner,
      // An archived task no longer says how it ended: one archived with its cases had finished.
      archived: g.archived, items: items.size,
      done: mine.filter((t) => FINISHED.includes(t.status as TaskStatus) || (t.status === 'archived' && withCases.has(t.itemId))).length,
      covered: [...items].filter((i) => withCases.has(i) || skipped.has(i)).length,
      cases: cases.filter((c) => c.generationId === g.id).reduce((n, c) => n + Number(c.n), 0),
      gmt_created: g.createdAt.toISOString(), gmt_modified: g.updatedAt.toISOString(),
    };
  });
}

/** A generation with its items, their tasks and cases, and the items neither covered by a case nor skipped. */
export async function generationDetail(deps: Pick<Deps, 'db'>, viewer: Viewer, uid: string): Promise<GenerationDetail> {
  const g = await visibleGeneration(deps, viewer, uid);
  const [head] = await deps.db.select({ g: testcaseGenerations, owner: users.fullName, gradeName: secrecyGrades.text })
    .from(testcaseGenerations)
    .innerJoin(users, eq(users.id, testcaseGenerations.ownerId))
    .innerJoin(secrecyGrades, eq(secrecyGrades.code, testcaseGenerations.secrecy))
    .where(eq(testcaseGenerations.id, g.id));
  const items = await deps.db.select().from(testcaseItems).where(eq(testcaseItems.generationId, g.id)).orderBy(asc(testcaseItems.position));
  const tasks = await deps.db.select().from(testcaseTasks).where(eq(testcaseTasks.generationId, g.id)).orderBy(asc(testcaseTasks.id));
  const itemById = new Map(items.map((i) => [i.id, i]));
  const states = await statesOf(deps, tasks.map((task) => ({ task, position: itemById.get(task.itemId)!.position, itemCode: itemById.get(task.itemId)!.code })));
  // An item's task: its current one, or the latest expired one when a newer version removed the item.
  const current = new Map<number, TaskRow>();
  for (const t of tasks) {
    const held = current.get(t.itemId);
    if (t.status !== 'expired' || !held || held.status === 'expired') current.set(t.itemId, t);
  }
  const listed: RequirementItem[] = items.map((i) => ({
    id: i.id, position: i.position, code: i.code, module: i.module, title: i.title, text: i.text, skip_reason: i.skipReason,
    task_id: current.get(i.id)?.uid ?? '',
  }));
  const covered = new Set(states.filter((s) => s.status !== 'expired' && (s.cases.length > 0 || s.status === 'skipped')).map((s) => s.item_id));
  const [summary] = await summaries(deps, [head]);
  return {
    generation: summary, items: listed, tasks: states, uncovered: items.filter((i) => !covered.has(i.id) && current.get(i.id)?.status !== 'expired').map((i) => i.id),
  };
}
