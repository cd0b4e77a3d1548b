// Fastify's types as this app extends them: route `config` carries the permission fields, the instance its document
// worker, each request its session and audit details. It names the services' types, so it sits with the app; app.ts
// imports it.
import type { RouteAccessConfig } from './fastify-types';
import type { AuthSession } from './identity/sessions';
import type { Worker } from './jobs/worker';

declare module 'fastify' {
  // Declaration merging: route `config` gains the permission fields.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RouteAccessConfig {}
  interface FastifyInstance {
    /** The document-processing worker of this process (woken after an enqueue). */
    documentWorker?: Worker;
  }
  interface FastifyRequest {
    /** The caller's session, set by the access hook on non-public routes. */
    auth: AuthSession | null;
    /** What the audited call acted on (a name or id), set by the handler. */
    auditTarget: string;
    /** Extra detail for the audit entry, set by the handler. */
    auditDetail: string;
  }
}
