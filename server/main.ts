import fs from 'node:fs';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { templateFolder } from './db/pglite-template';

// A request still running after this long does not hold the process up any more.
const SHUTDOWN_DEADLINE_MS = 10_000;

/** Process entry: configuration, database, app, listen, and graceful shutdown on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  // Until the server listens nothing else may keep the event loop alive, and whenever the loop runs dry Node waits
  // for every background task of V8 (NodePlatform::DrainTasks) — the optimising compilation of the embedded
  // database's WebAssembly among them: 30–170 ms of the start on this machine (D84). This handle keeps it running.
  const starting = setInterval(() => undefined, 60_000);
  // A .env in the working directory is read when present; variables already set win.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  // The embedded database starts (its WebAssembly compiles on V8's background threads) while the app's modules
  // load: the two together were two thirds of the start (issue 2).
  const opening = openDatabase({ ...config, pgliteTemplate: templateFolder() });
  // Its failure is reported where it is awaited (below), not as an unhandled rejection while the modules load.
  opening.catch(() => undefined);
  const [{ buildApp }, { startBanner }, { migrateAndSeed }, { processLogging }] = await Promise.all([
    import('./app'), import('./banner'), import('./db/setup'), import('./logging'),
  ]);
  const database = await opening;
  const prepared = { database, ...(await migrateAndSeed(database, config).catch(async (err: unknown) => {
    await database.close().catch(() => undefined);
    throw err;
  })) };
  const logging = processLogging(config);
  const app = await buildApp({ config, db: prepared.database, seedDemoKnowledge: prepared.seed.created && config.seedDemo,
    lazySchemas: true, logStream: logging.stream, logLevel: logging.level,
  });
  const address = await app.listen({ host: config.host, port: config.port }).finally(() => clearInterval(starting));
  const { missingProgramNotes } = await import('./knowledge/formats/programs');
  process.stdout.write(await startBanner(prepared.database.db, config, address, prepared.seed, await missingProgramNotes(config)));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error('shutdown deadline passed, exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      // In-flight requests finish; requests arriving meanwhile get 503 (plugins/security.ts).
      await app.close();
      await prepared.database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`启动失败 / Start failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
