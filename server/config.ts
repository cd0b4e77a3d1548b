// The server's configuration, read and validated from the environment once at start. The readers every piece shares
// are in config-env.ts; the model, outbound, directory, sign-in and office-suite variables have a file each (config-*.ts).
import path from 'node:path';
import { loginConfig, type LoginConfig } from './config-login';
import { dbFileDir, filesDir } from './config-dirs';
import { bool, ConfigError, int, MIB, raw, type Env } from './config-env';
import { llmConfig, type LlmConfig } from './config-llm';
import { officeConfig, type OfficeConfig } from './config-office';
import { ocrConfig, type OcrConfig } from './config-ocr';
import { outboundAllow, type OutboundRule } from './config-outbound';
import { parseKey } from './crypto/secret';
import { checkPasswordPolicy } from './passwords/policy';

export { ConfigError } from './config-env';
export type { ModelLimit } from './config-llm';

/** Validated server configuration, built once at start from the environment. */
export type Config = LoginConfig & LlmConfig & OfficeConfig & OcrConfig & {
  host: string;
  port: number;
  dataDir: string;
  /**
   * Stored files (documents, chat files, uploads arriving): FILES_DIR, default DATA_DIR/files. Several processes on
   * one PostgreSQL share it (a shared volume): a file one process stored is read by whichever processes it.
   */
  filesDir: string;
  databaseUrl: string | null;
  /** The embedded database's buffer pool, in MB (without DATABASE_URL). */
  pgliteSharedBuffersMb: number;
  initialAdminPassword: string | null;
  seedDemo: boolean;
  demoPassword: string | null;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Consecutive failures from one source (address) that lock the account for that source. */
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** Failures from all sources within the window that lock the account everywhere (D24). */
  loginAccountMaxFailures: number;
  loginAccountWindowMinutes: number;
  loginAccountLockMinutes: number;
  /** Failed sign-ins one address may make per window before it gets 429 (in memory, per process). */
  loginIpMaxFailures: number;
  loginIpWindowSeconds: number;
  /** Failed sign-ins for one user name from one address per window before 429. */
  loginIpUserMaxFailures: number;
  loginIpUserWindowSeconds: number;
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  /** What the console shows (default warn: the banner, warnings and errors, D38). */
  logLevel: LogLevel;
  /** What DATA_DIR/logs/server.log gets (default info: every request); silent: no file. */
  logFileLevel: LogLevel;
  /** The log file's bound: past it the file becomes server.log.1 and a new one starts. */
  logFileMaxBytes: number;
  licenseUsers: number;
  licenseExpires: Date | null;
  corsOrigins: string[];
  allowDesktopOrigin: boolean;
  webDist: string;
  trustProxy: boolean | string;
  /** Largest file an upload accepts, in bytes. */
  uploadMaxBytes: number;
  /** Largest total of the files of one upload request, in bytes. */
  uploadMaxRequestBytes: number;
  /** Office files (zip archives): most uncompressed bytes in all, ratio of an entry above 1 MiB, entries (D34). */
  uploadZipMaxBytes: number;
  uploadZipMaxRatio: number;
  uploadZipMaxEntries: number;
  /**
   * Whether this process runs background jobs (RUN_JOBS, default true). false: it serves pages only and a worker
   * process (`npm run worker`) on the same PostgreSQL takes the jobs; refused on the embedded database.
   */
  runJobs: boolean;
  /** Documents processed at once by this process. */
  jobConcurrency: number;
  /** Longest one processing attempt may take. */
  jobTimeoutMs: number;
  /** Lease of a running job: a dead worker's job is taken over this long after its last heartbeat. */
  jobLeaseMs: number;
  /** Attempts before a document fails for good. */
  jobMaxAttempts: number;
  /** The most pages a paged document (PDF) may have; a longer one fails with the count and the cap. */
  docMaxPages: number;
  /** Hosts and CIDRs the server may reach besides public and private addresses (database connections, tools). */
  outboundAllow: OutboundRule;
  /** Longest answer read from a tool service (MCP and OpenAPI alike), counted while reading (D88). */
  toolResponseMaxBytes: number;
  /** Key of connection passwords at rest (DB_SECRET_KEY); null: DATA_DIR/db-secret.key. */
  dbSecretKey: Buffer | null;
  /** Database chat: statement timeout enforced by the database, row cap and byte cap of one result. */
  dbChatTimeoutMs: number;
  dbChatMaxRows: number;
  dbChatMaxBytes: number;
  /** Sessions statements may hold at once per connection and per user; how long a statement over them waits (D87). */
  dbChatMaxSessions: number;
  dbChatMaxPerUser: number;
  dbChatQueueMs: number;
  /**
   * The one directory (DB_FILE_DIR, resolved) whose files SQLite and DuckDB connections may open, or null: no file
   * connections. Never the root, a system directory, DATA_DIR or a directory holding DATA_DIR (D45).
   */
  dbFileDir: string | null;
};

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Origin of the desktop client's renderer (custom protocol, see electron/). */
export const DESKTOP_ORIGIN = 'app://kb';

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function password(env: Env, name: string): string | null {
  // Passwords are taken verbatim (no trimming), as the operator typed them.
  const v = env[name];
  if (v === undefined || v === '') return null;
  const problem = checkPasswordPolicy(v);
  if (problem) throw new ConfigError(name, problem.zh, problem.en);
  return v;
}

function origins(env: Env, name: string): string[] {
  const v = raw(env, name);
  if (v === undefined) return [];
  return v.split(',').map((item) => {
    const origin = item.trim();
    let parsed: URL | null;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = null;
    }
    // Never allow the opaque "null" origin nor a path: CORS origins are scheme://host[:port].
    if (!parsed || parsed.origin === 'null' || parsed.origin !== origin) {
      throw new ConfigError(name, `"${origin}" 不是有效的来源（如 https://kb.example.com）`, `"${origin}" is not an origin like https://kb.example.com`);
    }
    return origin;
  });
}

function date(env: Env, name: string): Date | null {
  const v = raw(env, name);
  if (v === undefined) return null;
  if (!/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(Date.parse(v))) {
    throw new ConfigError(name, '应为日期，如 2030-12-31', 'must be a date such as 2030-12-31');
  }
  return new Date(v);
}

function databaseUrl(env: Env, name: string): string | null {
  const v = raw(env, name);
  if (v === undefined) return null;
  if (!/^postgres(ql)?:\/\//.test(v)) {
    throw new ConfigError(name, '应以 postgres:// 或 postgresql:// 开头', 'must start with postgres:// or postgresql://');
  }
  return v;
}

function trustProxy(env: Env, name: string): boolean | string {
  const v = raw(env, name);
  if (v === undefined || v.toLowerCase() === 'false') return false;
  // "true" trusts every hop, which lets any client forge X-Forwarded-For; prefer the proxy's address.
  if (v.toLowerCase() === 'true') return true;
  if (!/^[0-9a-fA-F.:/,\s]+$/.test(v)) {
    throw new ConfigError(name, '应为 true、false 或代理的 IP 地址/网段列表', 'must be true, false or a list of proxy IPs/CIDRs');
  }
  return v;
}

function logLevel(env: Env, name: string, fallback: LogLevel): LogLevel {
  const v = raw(env, name)?.toLowerCase() ?? fallback;
  if (!LOG_LEVELS.includes(v as LogLevel)) {
    throw new ConfigError(name, `应为 ${LOG_LEVELS.join('、')} 之一`, `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  return v as LogLevel;
}

function host(env: Env, name: string): string {
  const v = raw(env, name) ?? '127.0.0.1';
  if (!/^[A-Za-z0-9.:-]+$/.test(v)) throw new ConfigError(name, '应为主机名或 IP 地址', 'must be a host name or IP address');
  return v;
}

/** Upload limits: the per-request total defaults to four files at the per-file limit and may not be below it. */
function uploads(env: Env): Pick<Config, 'uploadMaxBytes' | 'uploadMaxRequestBytes' | 'uploadZipMaxBytes' | 'uploadZipMaxRatio' | 'uploadZipMaxEntries'> {
  const uploadMaxBytes = int(env, 'UPLOAD_MAX_BYTES', 50 * MIB, 1024, 2048 * MIB);
  const uploadMaxRequestBytes = int(env, 'UPLOAD_MAX_REQUEST_BYTES', 4 * uploadMaxBytes, 1024, 16 * 1024 * MIB);
  if (uploadMaxRequestBytes < uploadMaxBytes) {
    throw new ConfigError('UPLOAD_MAX_REQUEST_BYTES', '不能小于 UPLOAD_MAX_BYTES', 'must not be less than UPLOAD_MAX_BYTES');
  }
  return {
    uploadMaxBytes,
    uploadMaxRequestBytes,
    uploadZipMaxBytes: int(env, 'UPLOAD_ZIP_MAX_BYTES', 256 * MIB, MIB, 16 * 1024 * MIB),
    // Deflate cannot pass about 1032:1, so a higher cap would mean none.
    uploadZipMaxRatio: int(env, 'UPLOAD_ZIP_MAX_RATIO', 100, 2, 1032),
    uploadZipMaxEntries: int(env, 'UPLOAD_ZIP_MAX_ENTRIES', 10_000, 10, 1_000_000),
  };
}

function secretKeyOf(env: Env, name: string): Buffer | null {
  const v = raw(env, name);
  if (v === undefined) return null;
  const key = parseKey(v);
  if (!key) throw new ConfigError(name, '应为 64 位十六进制数或 32 字节的 base64', 'must be 64 hex digits or the base64 of 32 bytes');
  return key;
}

/** RUN_JOBS: false only with DATABASE_URL, as the embedded database has one process to run the jobs. */
function runJobs(env: Env, name: string): boolean {
  const run = bool(env, name, true);
  if (!run && !raw(env, 'DATABASE_URL')) {
    throw new ConfigError(name, '只有使用 PostgreSQL（设置 DATABASE_URL）时才能关闭：内置数据库只能由一个进程使用，关闭后将没有进程处理文档',
      'may be false only with DATABASE_URL: the embedded database has one process, which must run the jobs');
  }
  return run;
}

/** Reads and validates every variable; throws ConfigError naming the first bad one. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const dataDir = path.resolve(cwd, raw(env, 'DATA_DIR') ?? './data');
  return {
    host: host(env, 'HOST'),
    port: int(env, 'PORT', 8080, 0, 65535),
    dataDir,
    filesDir: filesDir(env, 'FILES_DIR', dataDir, cwd),
    databaseUrl: databaseUrl(env, 'DATABASE_URL'),
    pgliteSharedBuffersMb: int(env, 'PGLITE_SHARED_BUFFERS_MB', 32, 1, 16 * 1024),
    initialAdminPassword: password(env, 'INITIAL_ADMIN_PASSWORD'),
    seedDemo: bool(env, 'SEED_DEMO', true),
    demoPassword: password(env, 'DEMO_PASSWORD'),
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 10, 1, 24 * 60),
    sessionMaxHours: int(env, 'SESSION_MAX_HOURS', 12, 1, 24 * 7),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5, 1, 100),
    loginLockMinutes: int(env, 'LOGIN_LOCK_MINUTES', 30, 1, 7 * 24 * 60),
    loginAccountMaxFailures: int(env, 'LOGIN_ACCOUNT_MAX_FAILURES', 20, 1, 1000),
    loginAccountWindowMinutes: int(env, 'LOGIN_ACCOUNT_WINDOW_MINUTES', 15, 1, 24 * 60),
    loginAccountLockMinutes: int(env, 'LOGIN_ACCOUNT_LOCK_MINUTES', 15, 1, 7 * 24 * 60),
    loginIpMaxFailures: int(env, 'LOGIN_IP_MAX_FAILURES', 20, 1, 100_000),
    loginIpWindowSeconds: int(env, 'LOGIN_IP_WINDOW_SECONDS', 300, 1, 24 * 3600),
    loginIpUserMaxFailures: int(env, 'LOGIN_IP_USER_MAX_FAILURES', 5, 1, 100_000),
    loginIpUserWindowSeconds: int(env, 'LOGIN_IP_USER_WINDOW_SECONDS', 60, 1, 24 * 3600),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 1024 * 1024 * 1024),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    logLevel: logLevel(env, 'LOG_LEVEL', 'warn'),
    logFileLevel: logLevel(env, 'LOG_FILE_LEVEL', 'info'),
    logFileMaxBytes: int(env, 'LOG_FILE_MAX_BYTES', 10 * 1024 * 1024, 64 * 1024, 1024 * 1024 * 1024),
    licenseUsers: int(env, 'LICENSE_USERS', 100, 1, 10_000_000),
    licenseExpires: date(env, 'LICENSE_EXPIRES'),
    corsOrigins: origins(env, 'CORS_ORIGINS'),
    allowDesktopOrigin: bool(env, 'ALLOW_DESKTOP_ORIGIN', false),
    webDist: path.resolve(cwd, raw(env, 'WEB_DIST') ?? 'dist/web'),
    trustProxy: trustProxy(env, 'TRUST_PROXY'),
    ...uploads(env),
    runJobs: runJobs(env, 'RUN_JOBS'),
    jobConcurrency: int(env, 'JOB_CONCURRENCY', 2, 1, 64),
    jobTimeoutMs: int(env, 'JOB_TIMEOUT_MS', 10 * 60_000, 1000, 24 * 3_600_000),
    jobLeaseMs: int(env, 'JOB_LEASE_MS', 30_000, 1000, 3_600_000),
    jobMaxAttempts: int(env, 'JOB_MAX_ATTEMPTS', 3, 1, 20),
    docMaxPages: int(env, 'DOC_MAX_PAGES', 500, 1, 100_000), // DEFAULT_DOC_MAX_PAGES (formats/types.ts) when a reader is given none
    ...llmConfig(env),
    outboundAllow: outboundAllow(env, 'OUTBOUND_ALLOW'),
    toolResponseMaxBytes: int(env, 'TOOL_RESPONSE_MAX_BYTES', 256 * 1024, 1024, 64 * MIB),
    dbSecretKey: secretKeyOf(env, 'DB_SECRET_KEY'),
    dbChatTimeoutMs: int(env, 'DB_CHAT_TIMEOUT_MS', 30_000, 100, 3_600_000),
    dbChatMaxRows: int(env, 'DB_CHAT_MAX_ROWS', 1000, 1, 1_000_000),
    dbChatMaxBytes: int(env, 'DB_CHAT_MAX_BYTES', 8 * MIB, 1024, 1024 * MIB),
    dbChatMaxSessions: int(env, 'DB_CHAT_MAX_SESSIONS', 4, 1, 100),
    dbChatMaxPerUser: int(env, 'DB_CHAT_MAX_PER_USER', 2, 1, 100),
    dbChatQueueMs: int(env, 'DB_CHAT_QUEUE_MS', 3000, 0, 60_000),
    dbFileDir: dbFileDir(env, 'DB_FILE_DIR', dataDir, cwd),
    ...loginConfig(env),
    ...officeConfig(env),
    ...ocrConfig(env),
  };
}

/** The CORS allow-list: configured origins plus the desktop origin when enabled. */
export function allowedOrigins(config: Config): string[] {
  return config.allowDesktopOrigin ? [...config.corsOrigins, DESKTOP_ORIGIN] : config.corsOrigins;
}
