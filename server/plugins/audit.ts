import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { writeAudit } from '../identity/audit';
import { actorOf } from './request-meta';

/**
 * Writes one audit entry after every call whose route declares `config.audit`, success or failure
 * (a refused call is as interesting to the auditor as a done one). Handlers name what they acted on
 * with `request.auditTarget` and add detail with `request.auditDetail`.
 */
export function registerAudit(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('auditTarget', '');
  app.decorateRequest('auditDetail', '');
  app.addHook('onError', async (request, _reply, error) => {
    if (request.routeOptions.config?.audit) request.auditDetail = [request.auditDetail, error.message].filter(Boolean).join('；');
  });
  // onSend, not onResponse: the entry is written before the caller sees the answer and can ask for the log.
  app.addHook('onSend', async (request, reply, payload) => {
    const action = request.routeOptions.config?.audit;
    if (!action || request.is404) return payload;
    const ok = reply.statusCode < 400;
    try {
      await writeAudit(deps, {
        actor: actorOf(request),
        action,
        target: request.auditTarget,
        detail: ok ? request.auditDetail : [request.auditDetail, `HTTP ${reply.statusCode}`].filter(Boolean).join('；'),
        result: ok ? 'success' : 'failure',
      });
    } catch (err) {
      request.log.error({ err, action }, 'audit entry not written');
    }
    return payload;
  });
}
