import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { isDatabaseConnectionError, recordError } from './error-log';

/**
 * Every 5xx answer goes to the error log with the request id the client was shown (x-request-id and the body's
 * requestId), the route pattern (never the query), the user, and a Chinese summary (D56).
 */
export function registerErrorLog(app: FastifyInstance, deps: Deps): void {
  const failures = new WeakMap<FastifyRequest, Error>();
  app.addHook('onError', async (request, _reply, error) => {
    failures.set(request, error);
  });
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    if (status < 500) return;
    const error = failures.get(request);
    const database = isDatabaseConnectionError(error);
    await recordError(deps, {
      kind: database ? 'database' : 'http',
      summary: database ? '数据库连接失败，请求未能完成' : status === 503 ? '服务暂不可用（正在关闭或过载）' : `服务内部错误（HTTP ${status}）`,
      detail: error ? `${error.name}: ${error.message}` : '',
      requestId: String(request.id),
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      status,
      userId: request.auth?.user.id ?? null,
      username: request.auth?.user.username ?? '',
    });
  });
}
