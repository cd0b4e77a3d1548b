import fs from 'node:fs';
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { Config, LogLevel } from './config';
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

/** Pino's numbers of the levels. */
const LEVEL_VALUES: Record<LogLevel, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
const LEVEL_WORDS: Record<number, string> = { 10: '跟踪', 20: '调试', 30: '信息', 40: '警告', 50: '错误', 60: '严重' };

/** The lower of two levels (what the logger must produce for both destinations). */
export function lowerLevel(a: LogLevel, b: LogLevel): LogLevel {
  return LEVEL_VALUES[a] <= LEVEL_VALUES[b] ? a : b;
}

type Line = {
  level?: number; time?: number; msg?: string; responseTime?: number;
  req?: { method?: string; url?: string }; res?: { statusCode?: number }; err?: { message?: string; type?: string };
};

const two = (n: number) => String(n).padStart(2, '0');

/** One JSON log line as a person reads it: `10:38:22 警告 message GET /path → 500 12ms：error`. */
export function humanLine(json: string): string {
  let o: Line;
  try {
    o = JSON.parse(json) as Line;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const t = new Date(o.time ?? Date.now());
  const parts = [`${two(t.getHours())}:${two(t.getMinutes())}:${two(t.getSeconds())}`, LEVEL_WORDS[o.level ?? 30] ?? '信息', o.msg ?? ''];
  if (o.req?.method) parts.push(`${o.req.method} ${o.req.url ?? ''}`);
  if (o.res?.statusCode) parts.push(`→ ${o.res.statusCode}`);
  if (typeof o.responseTime === 'number') parts.push(`${Math.round(o.responseTime)}ms`);
  const line = parts.filter(Boolean).join(' ');
  return `${o.err?.message ? `${line}：${o.err.message}` : line}\n`;
}

/**
 * An append-only log file bounded by `maxBytes`: when a line would pass it, the file becomes `<file>.1`
 * (replacing an older one) and a new file starts, so the two together stay under twice the bound.
 */
export function rotatingFile(file: string, maxBytes: number): LogStream {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  let fd = fs.openSync(file, 'a', 0o600);
  let size = fs.fstatSync(fd).size;
  return {
    write(line: string) {
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > maxBytes) {
        fs.closeSync(fd);
        fs.renameSync(file, `${file}.1`);
        fd = fs.openSync(file, 'a', 0o600);
        size = 0;
      }
      fs.writeSync(fd, line);
      size += bytes;
    },
  };
}

/** Where the process's log file is: DATA_DIR/logs/server.log (the worker process's: worker.log). */
export function logFilePath(config: Pick<Config, 'dataDir'>, name = 'server.log'): string {
  return path.join(config.dataDir, 'logs', name);
}

/**
 * The process's log destinations (D38): the console gets lines from LOG_LEVEL up (default warn) as a person
 * reads them, so the start-up banner and its passwords do not scroll away; the file under DATA_DIR gets JSON
 * lines from LOG_FILE_LEVEL up (default info: every request), bounded by LOG_FILE_MAX_BYTES.
 */
export function processLogging(
  config: Pick<Config, 'dataDir' | 'logLevel' | 'logFileLevel' | 'logFileMaxBytes'>,
  console: { write(text: string): void } = process.stdout,
  fileName = 'server.log',
): { level: LogLevel; stream: LogStream } {
  const file = config.logFileLevel === 'silent' ? null : rotatingFile(logFilePath(config, fileName), config.logFileMaxBytes);
  const consoleMin = LEVEL_VALUES[config.logLevel];
  const fileMin = LEVEL_VALUES[config.logFileLevel];
  return {
    level: lowerLevel(config.logLevel, config.logFileLevel),
    stream: {
      write(line: string) {
        const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 30);
        if (level >= consoleMin) console.write(humanLine(line));
        if (file && level >= fileMin) file.write(line);
      },
    },
  };
}
