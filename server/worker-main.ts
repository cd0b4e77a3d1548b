// `npm run worker` (issue 29 §6): a process that takes background jobs (documents, vectors, chat files, test cases)
// from the PostgreSQL the servers share and serves no pages. Same configuration as the servers; refused on the
// embedded database, which only the server's own process may open.
import fs from 'node:fs';
import Fastify from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { migrationsFolder } from './db/migrations-folder';
import { logFilePath, loggerOptions, processLogging } from './logging';
import { NEEDS_POSTGRES, startJobWorkers } from './worker-process';

// Running jobs are aborted and given back at a stop; a process still busy after this long exits anyway.
const SHUTDOWN_DEADLINE_MS = 10_000;
const LOG_FILE = 'worker.log';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
}

/** Process entry: configuration, database (migrated under the setup lock), a worker per queue, graceful stop. */
async function main(): Promise<void> {
  // The workers' timers do not hold the process up (they are unref'd for the servers): this does, until the stop.
  const alive = setInterval(() => undefined, 60_000);
  // A .env in the working directory is read when present; variables already set win.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = configOrExit();
  if (!config.databaseUrl) {
    process.stderr.write(`${NEEDS_POSTGRES}\n`);
    process.exit(2);
  }
  const logging = processLogging(config, process.stdout, LOG_FILE);
  // Fastify only makes the logger here (the servers' serializers and redaction); nothing listens.
  const { log } = Fastify({ logger: loggerOptions(logging.level, logging.stream) });
  const database = await openDatabase(config);
  // A worker started before the servers (or upgraded first) brings the schema up to date, as a server would.
  await database.withSetupLock(() => database.migrate(migrationsFolder())).catch(async (err: unknown) => {
    await database.close().catch(() => undefined);
    throw err;
  });
  const workers = startJobWorkers({ db: database.db, now: () => new Date(), config }, log);
  process.stdout.write([
    '',
    `后台处理进程已启动 / Worker started (pid ${process.pid})，不提供页面 / serving no pages`,
    `处理队列 / Queues: ${workers.queues.join(', ')}`,
    '数据库 / Database: PostgreSQL (DATABASE_URL)',
    `文件目录 / Files: ${config.filesDir}`,
    `日志 / Log: ${config.logFileLevel === 'silent' ? '不记录 / off (LOG_FILE_LEVEL=silent)' : logFilePath(config, LOG_FILE)}`,
    '',
  ].join('\n'));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker shutting down');
    const deadline = setTimeout(() => {
      log.error('shutdown deadline passed, exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      // Claiming stops; running jobs are aborted and given back to the queue, for another process to start at once.
      await workers.stop();
      await database.close();
      clearInterval(alive);
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`后台处理进程启动失败 / Worker start failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
