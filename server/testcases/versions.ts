// A generation over time (issue 14): its source replaced by a newer version, and the generation put away.
// Replacing compares the new split with the current items (by title, then by the document's own code): an unchanged item keeps its task and
// cases; a changed item's task becomes 已过期 (its cases kept as they were) and a new task 待更新 is made for the new
// text, finishing as 最新 when the tester generates it; a new item gets a 待更新 task; an item gone from the new
// version keeps its expired task and is no longer counted. Archiving makes the generation read-only and hides it
// from the default list.
import path from 'node:path';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { TESTCASE_MESSAGES, type ReplaceResult } from '../../contract/api';
import type { Deps } from '../deps';
import { secrecyGrades, testcaseGenerations, testcaseItems, testcaseTasks } from '../db/schema';
import { badRequest } from '../http-error';
import { absolute, removeFiles } from '../knowledge/storage';
import type { Viewer } from '../knowledge/visibility';
import { placeFile } from '../uploads/incoming';
import { visibleGeneration } from './generation-reads';
import { sourceOf, type GenerationSource } from './generations';
import { TASK_TRANSITIONS } from './lifecycle';
import { splitRequirements, type SplitItem } from './split';
import { moveTask } from './task-events';
import { runningTasks } from './task-jobs';

type Tx = Parameters<Parameters<Deps['db']['transaction']>[0]>[0];
type ItemRow = typeof testcaseItems.$inferSelect;
type TaskRow = typeof testcaseTasks.$inferSelect;

/** Codes the splitter numbers by position (R1, R2…): they say nothing about which item is which. */
const positional = (code: string) => /^R\d+$/.test(code);

/**
 * Pairs each new item with a current one: first the same module and title (a heading's text changed), then the
 * same module and code when the code is the document's own (第三条 reworded); in order when a key repeats.
 */
function matchItems(current: ItemRow[], fresh: SplitItem[]): { pairs: (ItemRow | null)[]; removed: ItemRow[] } {
  const pairs: (ItemRow | null)[] = fresh.map(() => null);
  const used = new Set<number>();
  const pass = (keyOf: (i: { code: string; module: string; title: string }) => string | null) => {
    const pool = new Map<string, ItemRow[]>();
    for (const item of current) {
      const key = keyOf(item);
      if (key !== null && !used.has(item.id)) pool.set(key, [...(pool.get(key) ?? []), item]);
    }
    fresh.forEach((f, i) => {
      const key = keyOf(f);
      const hit = pairs[i] || key === null ? undefined : pool.get(key)?.shift();
      if (hit) {
        pairs[i] = hit;
        used.add(hit.id);
      }
    });
  };
  pass((i) => `${i.module}\u0000${i.title}`);
  pass((i) => (positional(i.code) ? null : `${i.module}\u0000${i.code}`));
  return { pairs, removed: current.filter((i) => !used.has(i.id)) };
}

async function rankOf(deps: Pick<Deps, 'db'>, code: string): Promise<{ rank: number; text: string }> {
  const [grade] = await deps.db.select({ rank: secrecyGrades.rank, text: secrecyGrades.text }).from(secrecyGrades).where(eq(secrecyGrades.code, code));
  return grade ?? { rank: -1, text: code };
}

/** Expires an item's current task (a newer version changed or removed the item). */
async function expire(deps: Deps, tx: Tx, task: TaskRow | undefined): Promise<void> {
  if (!task || task.status === 'expired') return;
  await moveTask(deps, tx, task, 'source_changed', '需求文档已更新');
}

async function newTask(deps: Deps, tx: Tx, generationId: number, itemId: number): Promise<string> {
  const now = deps.now();
  const [task] = await tx.insert(testcaseTasks).values({
    uid: randomUUID(), generationId, itemId, status: 'pending_update', isUpdate: true, createdAt: now, updatedAt: now,
  }).returning({ uid: testcaseTasks.uid });
  return task.uid;
}

/**
 * Replaces a generation's source with a newer version (an upload or a knowledge document the viewer may read). The
 * new grade may not be lower than the generation's (its cases came from the older version). Refused while a task is
 * being generated: its answer would be for a text that no longer exists.
 */
export async function replaceSource(deps: Deps, viewer: Viewer, uid: string, source: GenerationSource): Promise<ReplaceResult> {
  const g = await visibleGeneration(deps, viewer, uid);
  if (g.archived) throw badRequest('该生成已归档，只能查看');
  const src = await sourceOf(deps, viewer, source);
  const [before, after] = await Promise.all([rankOf(deps, g.secrecy), rankOf(deps, src.secrecy)]);
  if (after.rank < before.rank) throw badRequest(`新版本的密级不能低于原需求文档的密级（${before.text}）`);
  const fresh = splitRequirements(src.blocks);
  if (fresh.length === 0) throw badRequest(TESTCASE_MESSAGES.noItems);

  const tasks = await deps.db.select().from(testcaseTasks).where(and(eq(testcaseTasks.generationId, g.id), ne(testcaseTasks.status, 'expired')));
  if (tasks.some((t) => t.status === 'in_progress')) throw badRequest('有条目正在生成，请等待完成或先暂停，再更新需求文档');
  const taskOfItem = new Map(tasks.map((t) => [t.itemId, t]));
  const items = await deps.db.select().from(testcaseItems).where(eq(testcaseItems.generationId, g.id));
  const current = items.filter((i) => taskOfItem.has(i.id));
  const { pairs, removed } = matchItems(current, fresh);

  let written: string | null = null;
  try {
    const result = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const counts = { unchanged: 0, changed: 0, added: 0, removed: removed.length };
      const taskIds: string[] = [];
      for (const [i, f] of fresh.entries()) {
        const old = pairs[i];
        const position = i + 1;
        if (old && old.title === f.title && old.text === f.text) {
          counts.unchanged++;
          await tx.update(testcaseItems).set({ position }).where(eq(testcaseItems.id, old.id));
          continue;
        }
        if (old) {
          counts.changed++;
          await expire(deps, tx, taskOfItem.get(old.id));
          await tx.update(testcaseItems).set({ position, title: f.title, text: f.text, skipReason: '', updatedAt: now }).where(eq(testcaseItems.id, old.id));
          taskIds.push(await newTask(deps, tx, g.id, old.id));
          continue;
        }
        counts.added++;
        const [row] = await tx.insert(testcaseItems).values({
          generationId: g.id, position, code: f.code, module: f.module, title: f.title, text: f.text, createdAt: now, updatedAt: now,
        }).returning({ id: testcaseItems.id });
        taskIds.push(await newTask(deps, tx, g.id, row.id));
      }
      // Items gone from the new version: their tasks expire; they are listed after the current ones.
      for (const [k, item] of removed.entries()) {
        await expire(deps, tx, taskOfItem.get(item.id));
        await tx.update(testcaseItems).set({ position: fresh.length + k + 1, updatedAt: now }).where(eq(testcaseItems.id, item.id));
      }
      let sourcePath = g.sourcePath;
      if (src.file) {
        sourcePath = path.join('files', 'testcases', String(g.id), `source-${now.getTime()}.${src.type}`);
        await placeFile(src.file.path, absolute(deps.config, sourcePath));
        written = sourcePath;
      }
      await tx.update(testcaseGenerations).set({
        sourceName: src.name, sourceType: src.type, sourceDocId: src.docId, sourcePath: src.file ? sourcePath : '', secrecy: src.secrecy, updatedAt: now,
      }).where(eq(testcaseGenerations.id, g.id));
      return { generation_id: g.uid, ...counts, task_ids: taskIds };
    });
    if (g.sourcePath && g.sourcePath !== written) await removeFiles(deps.config, [g.sourcePath]);
    return result;
  } catch (err) {
    if (written) await removeFiles(deps.config, [written]);
    throw err;
  }
}

/** Statuses the archive event moves (the lifecycle table's). */
const ARCHIVABLE = [...TASK_TRANSITIONS.archive.from];

/** Archives a generation: every task not already expired becomes 已归档, running ones stop; read-only from then on. */
export async function archiveGeneration(deps: Deps, viewer: Viewer, uid: string): Promise<void> {
  const g = await visibleGeneration(deps, viewer, uid);
  if (g.archived) throw badRequest('该生成已经归档');
  const tasks = await deps.db.transaction(async (tx) => {
    const moved = await tx.update(testcaseTasks).set({ status: 'archived', updatedAt: deps.now() })
      .where(and(eq(testcaseTasks.generationId, g.id), inArray(testcaseTasks.status, ARCHIVABLE))).returning({ id: testcaseTasks.id });
    const done = await tx.update(testcaseGenerations).set({ archived: true, updatedAt: deps.now() })
      .where(and(eq(testcaseGenerations.id, g.id), eq(testcaseGenerations.archived, false))).returning({ id: testcaseGenerations.id });
    if (done.length === 0) throw badRequest('该生成已经归档');
    return moved;
  });
  for (const t of tasks) runningTasks(deps.db).get(t.id)?.abort(new Error('archive'));
}
