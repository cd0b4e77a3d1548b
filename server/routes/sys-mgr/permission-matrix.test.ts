// The permission matrix of the management area, derived from the route inventory: every management call
// against each system account and an ordinary user. A call is allowed exactly when the caller is the
// call's duty account (if it names one), holds its function point (if it names one) and holds its button
// (if it names one); everything else must answer 403 before the handler runs.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITADMIN_ID, familyOf, SECADMIN_ID, SYSADMIN_ID } from '../../../contract/api';
import { buildApp, type App } from '../../app';
import type { RouteAccessConfig } from '../../fastify-types';
import { grantsOfUser } from '../../identity/access';
import { findUserByUsername } from '../../identity/users';
import { bearer, signIn } from '../../test-support/http';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-app';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';

type Caller = { username: string; id: number; token: string; allFunc: Set<string>; allBtn: Record<string, boolean> };

const DUTY_ID = { sysadmin: SYSADMIN_ID, secadmin: SECADMIN_ID, auditadmin: AUDITADMIN_ID } as const;
/** Parameter values that pass the path patterns; the handler never needs to find them. */
const PARAM_VALUES: Record<string, string> = { type: '2', dictCode: 'PROFESSION', name: 'x' };
/** Writes whose identity service writes the audit entry itself (server/identity). */

const routes: RouteOptions[] = [];
let tdb: TestDatabase;
let app: App;
const callers: Caller[] = [];

beforeAll(async () => {
  tdb = await openTestDatabase({ label: 'permission-matrix' });
  app = await buildApp({ config: tdb.config, db: tdb.database, onRoute: (r) => void routes.push(r) });
  await app.ready();
  const deps = { db: tdb.database.db };
  for (const [username, password] of [
    ['sysadmin', TEST_ADMIN_PASSWORD], ['secadmin', TEST_ADMIN_PASSWORD], ['auditadmin', TEST_ADMIN_PASSWORD],
    ['staff', TEST_DEMO_PASSWORD],
  ] as const) {
    const user = await findUserByUsername(deps, username);
    if (!user) throw new Error(`seed user ${username} missing`);
    const grants = await grantsOfUser(deps, user.id);
    callers.push({
      username, id: user.id, token: await signIn(app, username, password), allFunc: new Set(grants.allFunc), allBtn: grants.allBtn,
    });
  }
});

afterAll(async () => {
  await app.close();
  await tdb.database.close();
  await tdb.drop();
});

/** Management calls: those of the platform family guarded by a duty, a function point or a button. */
function managementRoutes(): { method: string; url: string; config: RouteAccessConfig }[] {
  return routes
    .flatMap((r) => ([] as string[]).concat(r.method).map((method) => ({ method, url: r.url, config: (r.config ?? {}) as RouteAccessConfig })))
    .filter(({ method, url, config }) => method !== 'HEAD' && familyOf(url) === 'platform' && (config.duty || config.func || config.button));
}

function allowed(caller: Caller, config: RouteAccessConfig): boolean {
  if (config.duty && !([] as (keyof typeof DUTY_ID)[]).concat(config.duty).some((duty) => DUTY_ID[duty] === caller.id)) return false;
  if (config.func && !([] as string[]).concat(config.func).some((f) => caller.allFunc.has(f))) return false;
  if (config.button && !caller.allBtn[config.button]) return false;
  return true;
}

const fill = (url: string) => url.replace(/:([A-Za-z]+)/g, (_, key: string) => PARAM_VALUES[key] ?? '999999');

describe('management permission matrix', () => {
  it('covers the management calls of every screen', () => {
    const urls = new Set(managementRoutes().map((r) => r.url));
    for (const prefix of ['/api/sysMgr/users', '/api/sysMgr/depts', '/api/sysMgr/roles', '/api/sysMgr/logs', '/api/sysMgr/functions']) {
      expect([...urls].some((u) => u.startsWith(prefix)), prefix).toBe(true);
    }
  });

  it('refuses with 403 exactly the callers outside each call\'s duty, function point and button', async () => {
    const problems: string[] = [];
    for (const route of managementRoutes()) {
      for (const caller of callers) {
        const res = await app.inject({
          method: route.method as 'GET',
          url: fill(route.url),
          headers: { ...bearer(caller.token), 'content-type': 'application/json' },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
        });
        const expectAllowed = allowed(caller, route.config);
        if (expectAllowed && res.statusCode === 403) problems.push(`${caller.username} refused on ${route.method} ${route.url}`);
        if (!expectAllowed && res.statusCode !== 403) {
          problems.push(`${caller.username} got ${res.statusCode} instead of 403 on ${route.method} ${route.url}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('never lets an ordinary user make a management call that writes', () => {
    const staff = callers.find((c) => c.username === 'staff')!;
    const writes = managementRoutes().filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(10);
    expect(writes.filter((r) => allowed(staff, r.config)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('ties every management write to a button and an audit action', () => {
    const missing = managementRoutes()
      .filter((r) => r.method !== 'GET' && (!r.config.button || !r.config.audit))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });
});
