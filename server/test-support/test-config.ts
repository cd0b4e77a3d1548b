import { loadConfig, type Config } from '../config';

/** Operator-given passwords of the seeded test template. */
export const TEST_ADMIN_PASSWORD = 'Admin-test-pass-1';
export const TEST_DEMO_PASSWORD = 'Demo-test-pass-1';

/** A validated configuration for tests: quiet logs, test passwords, no web build. */
export function makeTestConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      DATA_DIR: dataDir,
      INITIAL_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      DEMO_PASSWORD: TEST_DEMO_PASSWORD,
      LOG_LEVEL: 'silent',
      LOG_FILE_LEVEL: 'silent',
      WEB_DIST: `${dataDir}/no-web`,
      // Tests sign in and fail from one address many times; the throttle has tests of its own (D24).
      LOGIN_IP_MAX_FAILURES: '100000',
      LOGIN_IP_USER_MAX_FAILURES: '100000',
    }),
    databaseUrl: process.env.DATABASE_URL || null,
    ...overrides,
  };
}

/** A settable clock for session and lockout tests. */
export type FakeClock = { now: () => Date; advance: (ms: number) => void; set: (d: Date) => void };

export function fakeClock(start = new Date('2030-01-01T08:00:00Z')): FakeClock {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms) => void (t += ms), set: (d) => void (t = d.getTime()) };
}
