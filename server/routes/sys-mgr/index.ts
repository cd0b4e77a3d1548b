import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { deptRoutes } from './depts';
import { dictRoutes } from './dicts';
import { functionRoutes } from './functions';
import { logRoutes } from './logs';
import { errorLogRoutes } from './error-log';
import { statisticsRoutes } from './statistics';
import { roleRoutes } from './roles';
import { userImportRoutes } from './users-import';
import { userRoutes } from './users';

/** The system-management calls of spec §7 (departments, users, roles, logs, function points, dictionaries). */
export function managementRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(deptRoutes(deps));
    await app.register(userRoutes(deps));
    await app.register(userImportRoutes(deps));
    await app.register(roleRoutes(deps));
    await app.register(logRoutes(deps));
    await app.register(errorLogRoutes(deps));
    await app.register(statisticsRoutes(deps));
    await app.register(functionRoutes(deps));
    await app.register(dictRoutes(deps));
  };
}
