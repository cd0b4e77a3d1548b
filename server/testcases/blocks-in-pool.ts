// A requirements document read into lines and tables for the splitter in a worker thread (D50): the task, its work
// (run by the worker's entry, server/text-worker.ts) and the call.
import { HttpError } from '../http-error';
import type { DocumentType } from '../knowledge/file-types';
import type { ZipLimits } from '../uploads/limits';
import { runInPool } from '../workers/pool';
import { bufferOf } from '../workers/text-protocol';
import { readBlocks } from './source-read';
import type { SourceBlock } from './split';

export type BlocksTask = { kind: 'blocks'; bytes: Uint8Array; type: DocumentType; name: string; limits: ZipLimits };

/** Reads one document's blocks (in the worker). */
export function blocksOfTask(task: BlocksTask): Promise<SourceBlock[]> {
  return readBlocks(bufferOf(task.bytes), task.type, task.name, task.limits);
}

/** A requirements document's blocks, read in a worker thread; a crashed worker refuses the file (400). */
export function blocksInPool(task: Omit<BlocksTask, 'kind'>): Promise<SourceBlock[]> {
  return runInPool({ kind: 'blocks', ...task }, (reason) => new HttpError(400, `文件 ${task.name} 无法解析：处理线程异常退出（${reason}）`));
}
