import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { buildApp, type App } from '../app';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrateAndSeed } from '../db/setup';
import type { Deps } from '../deps';
import type { LogStream } from '../logging';
import { copyTemplate, tempDataDir, type TemplateKind } from './pglite-template';
import { signIn } from './http';
import { fakeClock, makeTestConfig, TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD, type FakeClock } from './test-config';

/** A test database: PGlite copied from a template, or (DATABASE_URL set) a private database on that PostgreSQL server. */
export type TestDatabase = { database: Database; dataDir: string; config: Config; drop: () => Promise<void> };

/** Runs one statement on a fresh connection to `url` (creating and dropping test databases). */
export async function pgAdmin(url: string, sql: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Opens a fresh database for one test file; `seeded` (default) has the test passwords and demo org. */
export async function openTestDatabase(
  options: { kind?: TemplateKind; config?: Partial<Config>; label?: string } = {},
): Promise<TestDatabase> {
  const kind = options.kind ?? 'seeded';
  const dataDir = tempDataDir(options.label ?? 'test');
  const config = makeTestConfig(dataDir, options.config);
  if (!config.databaseUrl) {
    await copyTemplate(kind, dataDir);
    const database = await openDatabase({ dataDir, databaseUrl: null });
    return { database, dataDir, config, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  // Each test file gets its own database on the server of DATABASE_URL (created from that database's connection).
  const adminUrl = config.databaseUrl;
  const name = `${new URL(adminUrl).pathname.slice(1)}_${randomBytes(4).toString('hex')}`.slice(0, 60);
  await pgAdmin(adminUrl, `create database ${name}`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const database = await openDatabase({ dataDir, databaseUrl: url });
  if (kind === 'seeded') await migrateAndSeed(database, config);
  else await database.migrate((await import('../db/migrations-folder')).migrationsFolder());
  return {
    database, dataDir, config: { ...config, databaseUrl: url },
    drop: async () => {
      await pgAdmin(adminUrl, `drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Everything a route test needs. `close()` closes the app and drops the database. */
export type TestApp = {
  app: App;
  database: Database;
  config: Config;
  clock: FakeClock;
  deps: Deps;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  config?: Partial<Config>;
  logStream?: LogStream;
  /** Extra routes for a test, registered before the app is ready. */
  register?: (app: App) => void;
  db?: TestDatabase;
};

/** Builds the app on a fresh seeded database with a fake clock. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = options.db ?? (await openTestDatabase({ config: options.config }));
  const clock = fakeClock();
  const config = { ...testDb.config, ...options.config };
  // As the process entry does (server/main.ts); app.test.ts builds with eager schemas, so a broken one fails there.
  const app = await buildApp({ config, now: clock.now, db: testDb.database, logStream: options.logStream, lazySchemas: true });
  options.register?.(app);
  await app.ready();
  return {
    app, database: testDb.database, config, clock,
    deps: { db: testDb.database.db, now: clock.now, config },
    close: async () => {
      await app.close();
      await testDb.database.close();
      await testDb.drop();
    },
  };
}

/** The app with the system-management tests' accounts signed in: the three administrators and staff, an ordinary user. */
export async function createAdminTestApp(): Promise<{ t: TestApp; tokens: Record<string, string> }> {
  const t = await createTestApp();
  const tokens: Record<string, string> = {};
  for (const u of ['sysadmin', 'secadmin', 'auditadmin']) tokens[u] = await signIn(t.app, u, TEST_ADMIN_PASSWORD);
  tokens.staff = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
  return { t, tokens };
}
