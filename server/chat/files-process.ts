// Processing of chat files on the durable job queue (docs/decisions.md D13): a document becomes searchable
// chunks (the knowledge pipeline: text, chunks, segmented terms); a spreadsheet becomes a checked DuckDB table
// kept as Parquet, with its columns, row count and sample rows in `table_meta`.
import { and, eq, sql } from 'drizzle-orm';
import { officeOf } from '../config-office';
import { ocrSettingsOf } from '../config-ocr';
import type { Deps } from '../deps';
import { chatFileChunks, chatFiles } from '../db/schema';
import { inBatches, positions } from '../jobs/batches';
import type { Job } from '../jobs/queue';
import { assertLeaseKept, rowStatusJobHandler, writeGuard } from '../jobs/row-status-handler';
import { PermanentJobError, type JobHandler } from '../jobs/worker';
import { defaultArguments } from '../knowledge/arguments';
import { chunksInPool } from '../knowledge/chunks-in-pool';
import { absolute, readStoredFile } from '../knowledge/storage';
import { zipLimitsOf } from '../uploads/limits';
import { verifyBeforeParsing } from '../uploads/office-files';
import { prepareSpreadsheet } from './excel/table';
import { CHAT_FILE_QUEUE, tablePathOf } from './files';

/** Text kept with a document for a whole-document answer; the chunks hold all of it. */
const MAX_TEXT_CONTENT = 100_000;
// Chunks per insert statement (as for knowledge documents).
const INSERT_BATCH = 50;

/** Processes one chat file; reprocessing (a retry, a job taken over after a crash) replaces what it made. */
export async function processChatFile(deps: Deps, fileId: number, signal: AbortSignal, job?: Job): Promise<void> {
  const held = writeGuard(job);
  const [file] = await deps.db.select().from(chatFiles).where(eq(chatFiles.id, fileId));
  if (!file) return; // its dialogue was deleted meanwhile
  await deps.db.update(chatFiles).set({ status: 'RUNNING', result: '正在处理', updatedAt: deps.now() }).where(and(eq(chatFiles.id, fileId), held));
  const { type, bytes } = await readStoredFile(deps.config, file.storedPath);
  if (file.kind === 'excel') {
    await verifyBeforeParsing(bytes, type, zipLimitsOf(deps.config));
    if (type !== 'csv' && type !== 'xlsx') throw new PermanentJobError('电子表格对话只支持 csv、xlsx 文件');
    const meta = await prepareSpreadsheet(bytes, type, file.fileName, absolute(deps.config, tablePathOf(file.storedPath)));
    signal.throwIfAborted();
    const finished = await deps.db.update(chatFiles).set({
      status: 'FINISHED', result: `处理完成：${meta.rowCount} 行，${meta.columns.length} 列`, tableMeta: meta, updatedAt: deps.now(),
    }).where(and(eq(chatFiles.id, fileId), held)).returning({ id: chatFiles.id });
    await assertLeaseKept(deps, job, finished.length);
    return;
  }
  const { chunk_size: chunkSize, chunk_overlap: chunkOverlap } = defaultArguments().embedding;
  // Checked, extracted, chunked and segmented in a worker thread (D50), as knowledge documents are.
  const { text, chunks, terms } = await chunksInPool({
    bytes, type, limits: zipLimitsOf(deps.config), office: officeOf(deps.config), maxPages: deps.config.docMaxPages, ocr: ocrSettingsOf(deps.config), chunkSize, chunkOverlap,
  }, { signal });
  signal.throwIfAborted();
  // Replaced a batch at a time, each batch its own statement guarded by the lease, as knowledge documents are (D80,
  // D85): a file's chunks are searched only once it is FINISHED, and a retry deletes what a failed attempt left.
  // One transaction held the embedded database's only connection, so every request, for the whole insert.
  await deps.db.delete(chatFileChunks).where(and(eq(chatFileChunks.fileId, fileId), held));
  await inBatches(chunks.length, INSERT_BATCH, signal, (from, to) => deps.db.execute(sql`INSERT INTO chat_file_chunks (file_id, seq, content, terms)
    SELECT ${fileId}::int, s, c, t FROM unnest(${sql.param(positions(from, to))}::int[], ${sql.param(chunks.slice(from, to))}::text[],
      ${sql.param(terms.slice(from, to))}::text[]) AS x(s, c, t)
    WHERE ${held}`));
  const finished = await deps.db.update(chatFiles).set({
    status: 'FINISHED', result: `处理完成，共 ${chunks.length} 个分块`, textContent: text.slice(0, MAX_TEXT_CONTENT), updatedAt: deps.now(),
  }).where(and(eq(chatFiles.id, fileId), held)).returning({ id: chatFiles.id });
  await assertLeaseKept(deps, job, finished.length);
}

/** The chat-file queue's handler: a failure that will be retried shows as waiting again, a final one as FAILED. */
export function chatFileJobHandler(deps: Deps): JobHandler {
  return rowStatusJobHandler(deps, { queue: CHAT_FILE_QUEUE, payloadKey: 'fileId', table: chatFiles, process: processChatFile });
}
