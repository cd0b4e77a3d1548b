// Processing of chat files on the durable job queue (docs/decisions.md D13): a document becomes searchable
// chunks (the knowledge pipeline: text, chunks, segmented terms); a spreadsheet becomes a checked DuckDB table
// kept as Parquet, with its columns, row count and sample rows in `table_meta`.
import fs from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { chatFileChunks, chatFiles } from '../db/schema';
import { inBatches, positions } from '../jobs/batches';
import { LeaseLostError, leaseHeld, stillHeld, type Job } from '../jobs/queue';
import { rowStatusJobHandler } from '../jobs/row-status-handler';
import { PermanentJobError, type JobHandler } from '../jobs/worker';
import { defaultArguments } from '../knowledge/arguments';
import { chunksInPool } from '../knowledge/chunks-in-pool';
import { typeFromName } from '../knowledge/file-types';
import { absolute } from '../knowledge/storage';
import { zipLimitsOf } from '../uploads/limits';
import { verifyBeforeParsing } from '../uploads/office-files';
import { prepareSpreadsheet } from './excel/table';
import { CHAT_FILE_QUEUE, tablePathOf } from './files';

/** Text kept with a document for a whole-document answer; the chunks hold all of it. */
const MAX_TEXT_CONTENT = 100_000;
// Chunks per insert statement (as for knowledge documents).
const INSERT_BATCH = 50;

const fileIdOf = (job: Job) => Number((job.payload as { fileId?: unknown }).fileId);

async function setStatus(deps: Deps, fileId: number, status: string, result: string): Promise<void> {
  await deps.db.update(chatFiles).set({ status, result, updatedAt: deps.now() }).where(eq(chatFiles.id, fileId));
}

/** Processes one chat file; reprocessing (a retry, a job taken over after a crash) replaces what it made. */
export async function processChatFile(deps: Deps, fileId: number, signal: AbortSignal, job?: Job): Promise<void> {
  const held = job ? leaseHeld(job) : sql`true`;
  const [file] = await deps.db.select().from(chatFiles).where(eq(chatFiles.id, fileId));
  if (!file) return; // its dialogue was deleted meanwhile
  await deps.db.update(chatFiles).set({ status: 'RUNNING', result: '正在处理', updatedAt: deps.now() }).where(and(eq(chatFiles.id, fileId), held));
  const type = typeFromName(file.storedPath);
  if (!type) throw new PermanentJobError('不支持的文件类型');
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(absolute(deps.config, file.storedPath));
  } catch {
    throw new PermanentJobError('原始文件缺失，请重新上传');
  }
  if (file.kind === 'excel') {
    await verifyBeforeParsing(bytes, type, zipLimitsOf(deps.config));
    if (type !== 'csv' && type !== 'xlsx') throw new PermanentJobError('电子表格对话只支持 csv、xlsx 文件');
    const meta = await prepareSpreadsheet(bytes, type, file.fileName, absolute(deps.config, tablePathOf(file.storedPath)));
    signal.throwIfAborted();
    const finished = await deps.db.update(chatFiles).set({
      status: 'FINISHED', result: `处理完成：${meta.rowCount} 行，${meta.columns.length} 列`, tableMeta: meta, updatedAt: deps.now(),
    }).where(and(eq(chatFiles.id, fileId), held)).returning({ id: chatFiles.id });
    if (finished.length === 0 && job && !(await stillHeld(deps, job))) throw new LeaseLostError();
    return;
  }
  const { chunk_size: chunkSize, chunk_overlap: chunkOverlap } = defaultArguments().embedding;
  // Checked, extracted, chunked and segmented in a worker thread (D50), as knowledge documents are.
  const { text, chunks, terms } = await chunksInPool({ bytes, type, limits: zipLimitsOf(deps.config), chunkSize, chunkOverlap });
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
  // Nothing finished: the file was deleted meanwhile, or the job taken over (its new owner writes and records).
  if (finished.length === 0 && job && !(await stillHeld(deps, job))) throw new LeaseLostError();
}

/** The chat-file queue's handler: a failure that will be retried shows as waiting again, a final one as FAILED. */
export function chatFileJobHandler(deps: Deps): JobHandler {
  return rowStatusJobHandler(deps, {
    queue: CHAT_FILE_QUEUE,
    rowOf: fileIdOf,
    process: (fileId, signal, job) => processChatFile(deps, fileId, signal, job),
    setStatus: (fileId, status, result) => setStatus(deps, fileId, status, result),
    table: 'chat_files',
  });
}
