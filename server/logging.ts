import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config';
import { errorForLog } from './http/error-for-log';

// Query parameters whose values never reach a log line.
const SECRET_PARAMS = /^(token|access_token|password|oldpassword|newpassword|visitorid|secret|api_key)$/i;

/**
 * The URL as logged: sign-in paths lose their query string entirely (it holds the password);
 * elsewhere secret-looking parameters are replaced.
 */
export function safeUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const path = url.slice(0, q);
  if (path.startsWith('/api/login/')) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, '[REDACTED]');
  return `${path}?${params.toString()}`;
}

/** Where log lines go (tests pass a collector). */
export type LogStream = { write(line: string): void };

type RawReq = { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } };

/** Pino options for Fastify: JSON lines, no headers, no bodies, no secrets. */
export function loggerOptions(level: LogLevel, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    // Belt and braces: the serializer below logs no headers, but nothing may ever print these.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'password', 'token', 'access_token'],
      censor: '[REDACTED]',
    },
    serializers: {
      // Errors without the values their request carried (issue 11); see http/error-for-log.ts.
      err: (err: unknown) => ({ stack: '', ...errorForLog(err) }),
      req: (req: RawReq) => ({
        method: req.method,
        url: safeUrl(req.url ?? ''),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
}
