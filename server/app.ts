import { createHash, randomUUID } from 'node:crypto';
import { AUTH_PATHS } from '../contract/api';
import { enableIdentityCache, invalidateIdentity, sinceArrival } from './identity/identity-cache';
import { followRevocations } from './identity/session-watch';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config, LogLevel } from './config';
import type { Database } from './db/client';
import { prepareDatabase } from './db/setup';
import type { Deps } from './deps';
import './fastify-augment';
import { loggerOptions, type LogStream } from './logging';
import { lazyCompilers } from './http/lazy-compilers';
import { hardenRouteSchemas, textKindKeyword } from './http/harden-schema';
import { registerAccess } from './plugins/access';
import { registerAudit } from './plugins/audit';
import { managementRoutes } from './routes/sys-mgr';
import { knowledgeRoutes } from './routes/knowledge';
import { chatRoutes } from './routes/chat';
import { chatToolCallRoutes } from './routes/chat/tool-calls';
import { sqlbaseRoutes } from './routes/sqlbase';
import { toolsRoutes } from './routes/tools';
import { chatFileRoutes, removeChatFileLeftovers } from './routes/chat/files';
import { testcaseRoutes } from './routes/testcases';
import { BACKGROUND_START_MS, startWorker } from './jobs/worker';
import { documentJobHandler } from './knowledge/process';
import { vectorBackfillHandler } from './knowledge/vector-backfill';
import { flushTermIndexSnapshots, keepTermIndexSnapshots, warmTermIndexes } from './knowledge/term-index';
import { removePartialFiles } from './knowledge/storage';
import { sweepIncoming } from './uploads/incoming';
import { seedDemoKnowledge } from './knowledge/demo-seed';
import { registerErrorHandling } from './plugins/errors';
import { registerErrorLog } from './errors/error-hooks';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import { licenseRoute } from './routes/auth/license';
import { uploadLimitsRoute } from './routes/upload-limits';
import { sessionActionRoutes } from './routes/auth/session-actions';
import { sessionInfoRoutes } from './routes/auth/session-info';
import { tokenRoute } from './routes/auth/token';
import { loginKeyRoute } from './routes/auth/login-key';
import { unlockRoute } from './routes/auth/unlock';
import { healthRoutes } from './routes/health';

/** The app with the TypeBox type provider. */
/** Where the term indexes' snapshots are kept: per database (a PostgreSQL URL without its password, hashed). */
function termIndexDir(config: Config): string {
  if (!config.databaseUrl) return path.join(config.dataDir, 'term-index', 'embedded');
  const url = new URL(config.databaseUrl);
  url.password = '';
  return path.join(config.dataDir, 'term-index', createHash('sha256').update(url.toString()).digest('hex').slice(0, 16));
}

export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

export type BuildAppOptions = {
  /** Validated configuration (server/config.ts). */
  config: Config;
  /** The clock; tests pass a fake one. Defaults to the system clock. */
  now?: () => Date;
  /** An open, migrated database. Without it the app opens, migrates and seeds its own and closes it on close. */
  db?: Database;
  /** Where log lines go (defaults to stdout). */
  logStream?: LogStream;
  /** The logger's level when it differs from LOG_LEVEL (the process logs to a file too, D38). */
  logLevel?: LogLevel;
  /** Called for every route as it is registered (the route-inventory test). */
  onRoute?: (route: RouteOptions) => void;
  /** First start with the demo organisation: add the demo knowledge space and process its documents. */
  seedDemoKnowledge?: boolean;
  /** Compile each route's schemas on its first request rather than at start (the process entry; faster start). */
  lazySchemas?: boolean;
};

/** Builds the Fastify app (not listening). Everything is registered when the promise resolves. */
// Requests that never change identity data (the token call writes lockout state, so it is not among them).
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const database = options.db ?? (await prepareDatabase(config, now)).database;
  const app: App = Fastify({
    logger: loggerOptions(options.logLevel ?? config.logLevel, options.logStream),
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    trustProxy: config.trustProxy,
    // Our own hook answers 503 in the family envelope while closing.
    return503OnClosing: false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Unknown body properties are refused (additionalProperties: false), not silently dropped.
    ajv: { customOptions: { removeAdditional: false }, plugins: [textKindKeyword] },
    ...(options.lazySchemas ? { schemaController: { compilersFactory: lazyCompilers().compilersFactory } } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Every request schema is hardened as its route is registered (control characters, bounds: D25).
  app.addHook('onRoute', hardenRouteSchemas);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.addHook('onRoute', (route) => {
    // The CORS plugin's catch-all OPTIONS route answers preflights; it is public by nature.
    if (route.method === 'OPTIONS' && route.url === '*') route.config = { ...route.config, access: 'public' };
  });
  if (!options.db) app.addHook('onClose', () => database.close());
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const deps: Deps = { db: database.db, now, config };
  // Files cut by a crash (knowledge and chat files being written, uploads being received), removed while the routes
  // are registered rather than between them (D82); with other processes sharing FILES_DIR, only those idle longer
  // than any of them may still be writing.
  const sole = database.kind === 'pglite';
  const cleanup = Promise.all([
    removePartialFiles(config, sole ? 0 : Math.max(config.requestTimeoutMs, config.jobTimeoutMs)),
    removeChatFileLeftovers(config, sole ? 0 : Math.max(config.requestTimeoutMs, config.jobTimeoutMs)),
    sweepIncoming(config, sole ? 0 : config.requestTimeoutMs),
  ]).then(() => null, (err: unknown) => err);
  // Identity reads are kept until a write: this process's, or on PostgreSQL another's, signalled (D12, D61).
  const { notifier } = database;
  const identity = enableIdentityCache(database.db, notifier);
  // Cached identity reads know when their request arrived: one sync per request at most, shared by those arriving together.
  if (notifier.shared) app.addHook('onRequest', (_request, _reply, done) => sinceArrival(done));
  const unfollow = notifier.shared ? followRevocations(database.db, notifier) : () => undefined;
  app.addHook('onClose', async () => {
    identity.detach();
    unfollow();
  });
  // onSend runs after the handler's writes and before the client can see the answer and ask again; on PostgreSQL
  // the signal is committed before the answer leaves, so the next request, on whichever process, sees the change.
  app.addHook('onSend', async (request, _reply, payload) => {
    const config = request.routeOptions.config;
    const reads = READ_ONLY_METHODS.has(request.method) || config?.readOnly === true || config?.identityUnchanged === true;
    if (!reads || request.url.startsWith(AUTH_PATHS.token)) {
      invalidateIdentity(database.db);
      if (notifier.shared) await notifier.publish('kb_identity', '');
    }
    return payload;
  });
  registerErrorHandling(app);
  registerErrorLog(app, deps);
  await registerSecurity(app, config);
  registerAccess(app, deps);
  registerAudit(app, deps);
  await app.register(healthRoutes(() => database.ping(), config.logLevel));
  await app.register(tokenRoute(deps));
  await app.register(loginKeyRoute(deps));
  await app.register(sessionInfoRoutes(deps));
  await app.register(sessionActionRoutes(deps));
  await app.register(licenseRoute(deps));
  await app.register(uploadLimitsRoute(deps));
  await app.register(unlockRoute(deps));
  await app.register(managementRoutes(deps));
  await app.register(knowledgeRoutes(deps));
  await app.register(chatRoutes(deps, { soleProcess: database.kind === 'pglite' }));
  await app.register(chatToolCallRoutes(deps));
  await app.register(sqlbaseRoutes(deps));
  await app.register(toolsRoutes(deps));
  await app.register(chatFileRoutes(deps, { soleProcess: database.kind === 'pglite' }));
  await app.register(testcaseRoutes(deps, { soleProcess: database.kind === 'pglite' }));
  // The leftovers of a crash are gone before the app can listen (or its queues start).
  const cleanupFailed = await cleanup;
  if (cleanupFailed) throw cleanupFailed;
  const worker = startWorker(deps, documentJobHandler(deps), { soleProcess: database.kind === 'pglite', log: app.log });
  app.decorate('documentWorker', worker);
  // Vectors of documents finished with full text only (向量待补), filled in once the model answers again.
  const vectorWorker = startWorker(deps, vectorBackfillHandler(deps), { soleProcess: database.kind === 'pglite', log: app.log });
  // Full text is ranked in memory on both databases (D16, D68): the indexes start from their snapshots on disk (one
  // directory per database) and are brought up to date once started, not at the first question.
  keepTermIndexSnapshots(database.db, termIndexDir(config));
  app.addHook('onReady', async () => {
    // After the first requests, like the queues (BACKGROUND_START_MS).
    setTimeout(() => void warmTermIndexes(database.db).catch(() => undefined), BACKGROUND_START_MS).unref();
  });
  app.addHook('onClose', () => flushTermIndexSnapshots(database.db));
  if (options.seedDemoKnowledge) {
    await seedDemoKnowledge(deps);
    worker.wake();
  }
  // Registered after the database's onClose, so it runs before it (hooks run in reverse): jobs go back first.
  app.addHook('onClose', () => Promise.all([worker.stop(), vectorWorker.stop()]).then(() => undefined));
  await registerWeb(app, config.webDist);
  return app;
}
