// A stored document (knowledge document or chat file) made into its text, chunks and each chunk's segmented terms
// in a worker thread (D50): the task, its work (run by the worker's entry, server/text-worker.ts) and the call.
import { PermanentJobError } from '../jobs/worker';
import type { ZipLimits } from '../uploads/limits';
import { verifyBeforeParsing } from '../uploads/office-files';
import { runInPool } from '../workers/pool';
import { bufferOf } from '../workers/text-protocol';
import { splitIntoChunks } from './chunk';
import { extractText } from './extract';
import type { DocumentType } from './file-types';
import { indexTerms } from './segment';

export type ChunksTask = {
  kind: 'chunks'; bytes: Uint8Array; type: DocumentType; limits: ZipLimits; chunkSize: number; chunkOverlap: number;
};
export type ChunksResult = { text: string; chunks: string[]; terms: string[] };

/** Verifies, extracts and chunks one document; same input, same output, in whichever thread. */
export async function chunksOf(task: ChunksTask): Promise<ChunksResult> {
  const bytes = bufferOf(task.bytes);
  await verifyBeforeParsing(bytes, task.type, task.limits);
  const text = await extractText(bytes, task.type, task.limits);
  const chunks = splitIntoChunks(text, { chunkSize: task.chunkSize, chunkOverlap: task.chunkOverlap });
  return { text, chunks, terms: chunks.map(indexTerms) };
}

/** A stored document's text, chunks and terms, made in a worker thread; a crashed worker fails the job for good. */
export function chunksInPool(task: Omit<ChunksTask, 'kind'>): Promise<ChunksResult> {
  return runInPool({ kind: 'chunks', ...task }, (reason) => new PermanentJobError(`文档处理线程异常退出（${reason}），文件可能过大或已损坏`));
}
