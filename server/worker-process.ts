// The job workers of a worker-only process (`npm run worker`, issue 29 §6): every queue the servers run, claimed from
// the PostgreSQL they share, with no HTTP listener, so OCR and embedding capacity can be added on other machines.
// server/worker-main.ts is the process entry.
import { chatFileJobHandler } from './chat/files-process';
import type { Deps } from './deps';
import { startWorker, type JobHandler, type WorkerOptions } from './jobs/worker';
import { documentJobHandler } from './knowledge/process';
import { vectorBackfillHandler } from './knowledge/vector-backfill';
import { testcaseJobHandler } from './testcases/process';

/** Why a worker-only process will not start on the embedded database (the message it prints). */
export const NEEDS_POSTGRES = '后台处理进程需要与服务端共用的 PostgreSQL：请设置与服务端相同的 DATABASE_URL，'
  + '并让 FILES_DIR 指向服务端共用的文件目录。内置数据库（PGlite）只能由服务端一个进程使用，文档由服务端自己处理。'
  + ' / The worker needs the PostgreSQL the servers share: set DATABASE_URL (and FILES_DIR) as for the servers.';

/**
 * The handler of every queue the servers' own workers run (server/app.ts and the chat-file and test-case routes):
 * documents, their vectors filled in later, chat files, test-case tasks.
 */
export function jobHandlers(deps: Deps): JobHandler[] {
  return [documentJobHandler(deps), vectorBackfillHandler(deps), chatFileJobHandler(deps), testcaseJobHandler(deps)];
}

/** Starts a worker for every queue; `stop` stops claiming and gives back the jobs still running, as a server does. */
export function startJobWorkers(deps: Deps, log: WorkerOptions['log']): { queues: string[]; stop: () => Promise<void> } {
  // This process exists to run jobs, whatever RUN_JOBS says for the servers that share its configuration.
  const running: Deps = { ...deps, config: { ...deps.config, runJobs: true } };
  const handlers = jobHandlers(running);
  const workers = handlers.map((handler) => startWorker(running, handler, { log }));
  return {
    queues: handlers.map((h) => h.queue),
    stop: async () => {
      await Promise.all(workers.map((w) => w.stop()));
    },
  };
}
