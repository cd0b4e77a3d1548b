import type { Config } from './config';
import type { Db } from './db/client';

/** What every service function needs: the database, the clock and the configuration. */
export type Deps = {
  db: Db;
  /** The clock; tests pass a fake one. */
  now: () => Date;
  config: Config;
};

/** Who performs an action and from where, for the audit log. */
export type Actor = {
  id: number | null;
  username: string;
  ip: string;
  userAgent: string;
};
