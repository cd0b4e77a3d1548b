// The CPU-heavy text work of background jobs and of test-case sources (issue 16 §3): run in a worker thread by
// text-worker.ts through the pool (pool.ts), or in the calling thread by the same functions. Inputs and answers are
// plain data (structured-cloned between threads); a failure comes back as data too, so its class survives the trip.
import { HttpError } from '../http-error';
import { PermanentJobError } from '../jobs/worker';
import { splitIntoChunks } from '../knowledge/chunk';
import { extractText } from '../knowledge/extract';
import type { DocumentType } from '../knowledge/file-types';
import { indexTerms } from '../knowledge/segment';
import { readBlocks } from '../testcases/source-read';
import type { SourceBlock } from '../testcases/split';
import type { ZipLimits } from '../uploads/limits';
import { verifyBeforeParsing } from '../uploads/office-files';

/** A stored document (knowledge or chat file) made into its text, chunks and each chunk's segmented terms. */
export type ChunksTask = {
  kind: 'chunks'; bytes: Uint8Array; type: DocumentType; limits: ZipLimits; chunkSize: number; chunkOverlap: number;
};
export type ChunksResult = { text: string; chunks: string[]; terms: string[] };

/** A requirements document read into lines and tables for the splitter. */
export type BlocksTask = { kind: 'blocks'; bytes: Uint8Array; type: DocumentType; name: string; limits: ZipLimits };

export type TextTask = ChunksTask | BlocksTask;
export type TextAnswer<T> =
  | { ok: true; value: T }
  | { ok: false; error: { kind: 'permanent' | 'http' | 'other'; message: string; status?: number; businessCode?: number } };

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Verifies, extracts and chunks one document; same input, same output, in whichever thread. */
export async function chunksOf(task: ChunksTask): Promise<ChunksResult> {
  const bytes = bufferOf(task.bytes);
  await verifyBeforeParsing(bytes, task.type, task.limits);
  const text = await extractText(bytes, task.type);
  const chunks = splitIntoChunks(text, { chunkSize: task.chunkSize, chunkOverlap: task.chunkOverlap });
  return { text, chunks, terms: chunks.map(indexTerms) };
}

/** Runs one task, its failure turned into data. */
export async function runTextTask(task: TextTask): Promise<TextAnswer<ChunksResult | SourceBlock[]>> {
  try {
    const value = task.kind === 'chunks' ? await chunksOf(task) : await readBlocks(bufferOf(task.bytes), task.type, task.name, task.limits);
    return { ok: true, value };
  } catch (err) {
    if (err instanceof PermanentJobError) return { ok: false, error: { kind: 'permanent', message: err.message } };
    if (err instanceof HttpError) return { ok: false, error: { kind: 'http', message: err.message, status: err.statusCode, businessCode: err.businessCode } };
    return { ok: false, error: { kind: 'other', message: err instanceof Error ? err.message : String(err) } };
  }
}
