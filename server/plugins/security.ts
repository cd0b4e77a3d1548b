import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { allowedOrigins, type Config } from '../config';
import { errorBody } from '../http/envelope';

/** Content-Security-Policy of the web app; antd's CSS-in-JS needs inline styles. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** Whether a path is served by the API (never cached) rather than the static web app. */
export function isApiPath(url: string): boolean {
  return /^\/(api|knowledge|document)\//.test(url) || url.startsWith('/healthz') || url.startsWith('/readyz');
}

/** Security headers, CORS from the allow-list, no-store on API answers, and 503 while closing. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Runs before every other hook: requests that arrive while shutting down get 503 in the envelope.
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    return reply.code(503).type('application/json; charset=utf-8').send(errorBody(request.url, 503));
  });
  await app.register(helmet, {
    // Plain HTTP on an intranet is common: do not ask browsers to upgrade every sub-request to HTTPS.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  const origins = allowedOrigins(config);
  await app.register(cors, {
    // An explicit list: the request's Origin is echoed only when listed; never "null", never reflected.
    origin: origins.length > 0 ? origins : false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) || reply.statusCode >= 400) reply.header('cache-control', 'no-store');
    return payload;
  });
}

