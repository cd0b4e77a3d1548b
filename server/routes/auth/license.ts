import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { AUTH_PATHS, License, PlatformEnvelope } from '../../../contract/api';
import { users } from '../../db/schema';
import type { Deps } from '../../deps';
import { ok } from '../../http/envelope';

/**
 * Licence: licensed and used seats (enabled ordinary users) and expiry. Only for those who see it in 人员管理
 * (its 许可查询 button, the system administrator's duty): seat counts are no business of every signed-in user (D92).
 */
export function licenseRoute(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(AUTH_PATHS.license, {
      config: { access: 'duty', duty: 'sysadmin', button: '/sysMgr/userMgr#license' },
      schema: { querystring: Type.Object({}), response: { 200: PlatformEnvelope(License) } },
    }, async () => {
      const [row] = await deps.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.system, false), eq(users.disabled, false)));
      const expires = deps.config.licenseExpires;
      return ok({
        licensedUsers: deps.config.licenseUsers,
        usedUsers: Number(row?.n ?? 0),
        expiresAt: expires?.toISOString() ?? null,
        expired: expires !== null && expires.getTime() <= deps.now().getTime(),
      });
    });
  };
}
