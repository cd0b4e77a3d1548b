// A long document's reading progress (已识别 12/80 页) written to its row while it is RUNNING, for the document list:
// at most once a second, each write guarded by the job's lease and by the status, so a write that arrives late never
// outlives the reading (the finishing update clears it).
import { and, eq, type SQL } from 'drizzle-orm';
import type { Deps } from '../deps';
import { knowledgeDocuments } from '../db/schema';
import type { ProgressUnit, TaskProgress } from '../workers/task-channel';

/** Fewest milliseconds between two writes of one document's progress. */
export const PROGRESS_INTERVAL_MS = 1000;

/** What the list shows of `done` pages (or pictures) recognised of `total`. */
export const progressText = (done: number, total: number, unit: ProgressUnit = 'page') =>
  unit === 'picture' ? `已识别图片 ${done}/${total} 张` : `已识别 ${done}/${total} 页`;

/**
 * A progress callback writing the document's `progress`, and `settled` to await the write under way (if any). A
 * failed write is dropped: progress is only shown, the next one replaces it.
 */
export function documentProgress(deps: Pick<Deps, 'db'>, docId: number, held: SQL): { report: TaskProgress; settled: () => Promise<void> } {
  let last = -Infinity;
  let writing: Promise<void> | null = null;
  return {
    report: (done, total, unit) => {
      const now = Date.now();
      if (writing || now - last < PROGRESS_INTERVAL_MS) return;
      last = now;
      writing = deps.db.update(knowledgeDocuments).set({ progress: progressText(done, total, unit) })
        .where(and(eq(knowledgeDocuments.id, docId), eq(knowledgeDocuments.status, 'RUNNING'), held))
        .then(() => undefined, () => undefined)
        .finally(() => {
          writing = null;
        });
    },
    settled: async () => {
      await writing;
    },
  };
}
