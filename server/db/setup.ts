import type { Config } from '../config';
import { openDatabase, type Database } from './client';
import { writeFirstRunFile } from './first-run-file';
import { migrationsFolder } from './migrations-folder';
import { seedDatabase, type SeedResult } from './seed';

/** An open, migrated and seeded database, with what the first start created. */
export type PreparedDatabase = { database: Database; seed: SeedResult; firstRunFile: string | null };

type SetupConfig = Pick<Config, 'dataDir' | 'initialAdminPassword' | 'seedDemo' | 'demoPassword'>;

/** Runs migrations and the first-start seed under the setup lock; writes first-run.txt when passwords were generated. */
export async function migrateAndSeed(
  database: Database,
  config: SetupConfig,
  now: () => Date = () => new Date(),
): Promise<Omit<PreparedDatabase, 'database'>> {
  const seed = await database.withSetupLock(async () => {
    await database.migrate(migrationsFolder());
    return seedDatabase(database.db, {
      initialAdminPassword: config.initialAdminPassword,
      seedDemo: config.seedDemo,
      demoPassword: config.demoPassword,
      now: now(),
    });
  });
  const firstRunFile = seed.created ? writeFirstRunFile(config.dataDir, seed.accounts) : null;
  return { seed, firstRunFile };
}

/** Opens the database from the configuration, then migrates and seeds it. */
export async function prepareDatabase(config: Config, now: () => Date = () => new Date()): Promise<PreparedDatabase> {
  const database = await openDatabase(config);
  try {
    return { database, ...(await migrateAndSeed(database, config, now)) };
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}
