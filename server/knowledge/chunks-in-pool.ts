// A stored document (knowledge document or chat file) made into its text, chunks and each chunk's segmented terms
// in a worker thread (D50): the task, its work (run by the worker's entry, server/text-worker.ts) and the call.
import type { OfficeConfig } from '../config-office';
import { PermanentJobError } from '../jobs/worker';
import type { ZipLimits } from '../uploads/limits';
import { verifyBeforeParsing } from '../uploads/office-files';
import type { MessagePort } from 'node:worker_threads';
import { runInPool } from '../workers/pool';
import { openTaskChannel, taskChannel, type TaskProgress } from '../workers/task-channel';
import { bufferOf } from '../workers/text-protocol';
import type { ChunkPosition } from '../../contract/api';
import { chunkBlocks, PATH_SEPARATOR } from './chunk-blocks';
import { blocksText } from './extract';
import type { DocumentType } from './file-types';
import { readDocument } from './formats';
import type { OcrSettings } from './formats/ocr/settings';
import { indexTerms, withHeadingPath } from './segment';

export type ChunksTask = {
  kind: 'chunks'; bytes: Uint8Array; type: DocumentType; limits: ZipLimits; maxPages: number; chunkSize: number; chunkOverlap: number;
  /** LibreOffice's settings, for the formats only it reads (SOFFICE_*). */
  office?: OfficeConfig;
  /** How scans and images are recognised (defaults when absent). */
  ocr?: OcrSettings;
  /** The caller's channel (workers/task-channel.ts): progress goes back through it, a stop comes in. */
  port?: MessagePort;
};
/**
 * A document's text, its chunks, each chunk's heading path (' › ' between the headings), position and segmented
 * terms (of the path and the content: recall matches the headings too); `pages` for a paged format.
 */
export type ChunksResult = { text: string; chunks: string[]; paths: string[]; positions: ChunkPosition[]; terms: string[]; pages?: number };

/** Verifies, reads and chunks one document; same input, same output, in whichever thread. */
export async function chunksOf(task: ChunksTask): Promise<ChunksResult> {
  const bytes = bufferOf(task.bytes);
  await verifyBeforeParsing(bytes, task.type, task.limits);
  const channel = taskChannel(task.port);
  const read = await readDocument(bytes, task.type, { limits: task.limits, office: task.office, maxPages: task.maxPages, ocr: task.ocr, signal: channel.signal, progress: channel.progress })
    .catch((err: unknown) => {
      // A stopped reading says so, not that the file could not be read.
      throw channel.signal.aborted ? channel.signal.reason : err;
    })
    .finally(channel.close);
  const made = chunkBlocks(read.blocks, { chunkSize: task.chunkSize, chunkOverlap: task.chunkOverlap });
  const paths = made.map((c) => c.path.join(PATH_SEPARATOR));
  return {
    text: blocksText(read.blocks),
    chunks: made.map((c) => c.content),
    paths,
    positions: made.map((c) => c.position),
    terms: made.map((c, i) => indexTerms(withHeadingPath(paths[i], c.content))),
    ...(read.pages === undefined ? {} : { pages: read.pages }),
  };
}

/**
 * A stored document's text, chunks and terms, made in a worker thread; a crashed worker fails the job for good.
 * `progress` hears of the pages recognised; stopping `signal` stops the reading in the worker (its OCR included).
 */
export async function chunksInPool(
  task: Omit<ChunksTask, 'kind' | 'port'>,
  options: { progress?: TaskProgress; signal?: AbortSignal } = {},
): Promise<ChunksResult> {
  const channel = openTaskChannel(options);
  try {
    const sent: ChunksTask = { kind: 'chunks', ...task, port: channel.port };
    return await runInPool(
      sent,
      (reason) => new PermanentJobError(`文档处理线程异常退出（${reason}），文件可能过大或已损坏`),
      [channel.port],
    );
  } finally {
    channel.close();
  }
}
