// The entry of a text worker thread (piscina calls the default export with each task, D50): it composes the
// domains' text work, so it sits with the app, above them. Built as its own file (dist-server/text-worker.js,
// scripts/build-server-lib.mjs); in development and tests loaded through tsx. With TEXT_WORKER_THREADS=0 the pool
// imports this same file into the calling thread.
import { chunksOf, type ChunksResult, type ChunksTask } from './knowledge/chunks-in-pool';
import { blocksOfTask, type BlocksTask } from './testcases/blocks-in-pool';
import type { SourceBlock } from './testcases/split';
import { answerOf, type TextAnswer } from './workers/text-protocol';

type TextWork = ChunksTask | BlocksTask;

export default function runTextTask(task: TextWork): Promise<TextAnswer<ChunksResult | SourceBlock[]>> {
  return answerOf<ChunksResult | SourceBlock[]>(() => (task.kind === 'chunks' ? chunksOf(task) : blocksOfTask(task)));
}
