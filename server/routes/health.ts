import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HEALTH_PATHS, HealthStatus } from '../../contract/api';
import type { LogLevel } from '../config';
import { errorBody, sendUnschematised } from '../http/envelope';

const NoQuery = Type.Object({});

/** Liveness (`/healthz`, no dependencies) and readiness (`/readyz`, the database answers). */
export function healthRoutes(ping: () => Promise<void>, level: LogLevel): FastifyPluginAsyncTypebox {
  // Probes are frequent: log them only from warn upwards, and never more than the global level.
  const logLevel: LogLevel = ['silent', 'fatal', 'error'].includes(level) ? level : 'warn';
  return async (app) => {
    app.get(HEALTH_PATHS.live, {
      config: { access: 'public' },
      schema: { querystring: NoQuery, response: { 200: HealthStatus } },
      logLevel,
    }, async () => ({ status: 'ok' }));

    app.get(HEALTH_PATHS.ready, {
      config: { access: 'public' },
      schema: { querystring: NoQuery, response: { 200: HealthStatus } },
      logLevel,
    }, async (request, reply) => {
      try {
        await ping();
        return { status: 'ready' };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return sendUnschematised(reply, 503, errorBody(request.url, 503, { message: '数据库不可用' }));
      }
    });
  };
}
