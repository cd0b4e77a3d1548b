import { describe, expect, it } from 'vitest';
import { allowedOrigins, ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({}, '/srv/kb');
    expect(c).toMatchObject({
      host: '127.0.0.1', port: 8080, dataDir: '/srv/kb/data', filesDir: '/srv/kb/data/files', databaseUrl: null, pgliteSharedBuffersMb: 32, seedDemo: true,
      sessionIdleMinutes: 10, sessionMaxHours: 12, loginMaxFailures: 5, loginLockMinutes: 30,
      bodyLimitBytes: 1048576, requestTimeoutMs: 120000, logLevel: 'warn', logFileLevel: 'info', logFileMaxBytes: 10485760, corsOrigins: [], allowDesktopOrigin: false,
      webDist: '/srv/kb/dist/web', trustProxy: false, initialAdminPassword: null, demoPassword: null, licenseExpires: null,
    });
  });

  it.each([
    ['PORT', 'abc'], ['PORT', '70000'], ['SEED_DEMO', 'maybe'], ['SESSION_IDLE_MINUTES', '0'], ['LOGIN_MAX_FAILURES', '-1'],
    ['BODY_LIMIT_BYTES', '1.5'], ['LOG_LEVEL', 'loud'], ['DATABASE_URL', 'mysql://x'], ['LICENSE_EXPIRES', 'soon'],
    ['CORS_ORIGINS', 'null'], ['CORS_ORIGINS', 'https://ok.example.com,https://x.example.com/path'], ['TRUST_PROXY', 'everyone'],
    ['INITIAL_ADMIN_PASSWORD', 'short'], ['DEMO_PASSWORD', 'password123'], ['HOST', 'a b'],
    ['UPLOAD_MAX_REQUEST_BYTES', '1k'], ['UPLOAD_ZIP_MAX_BYTES', '1000'], ['UPLOAD_ZIP_MAX_RATIO', '1'], ['UPLOAD_ZIP_MAX_RATIO', '5000'],
    ['UPLOAD_ZIP_MAX_ENTRIES', '0'], ['PGLITE_SHARED_BUFFERS_MB', '0'], ['PGLITE_SHARED_BUFFERS_MB', '128MB'], ['FILES_DIR', '/'], ['FILES_DIR', '/etc'], ['FILES_DIR', './data'],
    ['LOGIN_CRYPTO', 'des'], ['LOGIN_PLAIN_PASSWORD', 'maybe'],
    ['SOFFICE_PATH', 'bin/soffice'], ['SOFFICE_TIMEOUT_MS', '500'], ['SOFFICE_MAX_MEMORY_MB', '100'],
  ])('stops on a bad %s (%s) with a message naming it in Chinese and English', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(new RegExp(`^配置项 ${name} 无效：.+ / Invalid ${name}: .+`));
  });

  it('reads LibreOffice\'s settings: soffice found on PATH unless SOFFICE_PATH names it, two minutes, 4 GiB (issue 29)', () => {
    expect(loadConfig({})).toMatchObject({ sofficePath: null, sofficeTimeoutMs: 120_000, sofficeMaxMemoryMb: 4096 });
    expect(loadConfig({ SOFFICE_PATH: '/opt/libreoffice/program/soffice', SOFFICE_TIMEOUT_MS: '30000', SOFFICE_MAX_MEMORY_MB: '2048' }))
      .toMatchObject({ sofficePath: '/opt/libreoffice/program/soffice', sofficeTimeoutMs: 30_000, sofficeMaxMemoryMb: 2048 });
  });

  it('takes FILES_DIR (a shared volume) relative to the working directory, apart from DATA_DIR', () => {
    expect(loadConfig({ FILES_DIR: '/mnt/shared/kb-files' }, '/srv/kb').filesDir).toBe('/mnt/shared/kb-files');
    expect(loadConfig({ DATA_DIR: '/var/lib/kb', FILES_DIR: 'files' }, '/srv/kb')).toMatchObject({ dataDir: '/var/lib/kb', filesDir: '/srv/kb/files' });
  });

  it('has upload limits: the request total four files by default, never below one file; zip caps of D34', () => {
    expect(loadConfig({})).toMatchObject({
      uploadMaxBytes: 50 * 1024 * 1024, uploadMaxRequestBytes: 200 * 1024 * 1024,
      uploadZipMaxBytes: 256 * 1024 * 1024, uploadZipMaxRatio: 100, uploadZipMaxEntries: 10_000,
    });
    expect(loadConfig({ UPLOAD_MAX_BYTES: '1048576' }).uploadMaxRequestBytes).toBe(4 * 1048576);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '1048576', UPLOAD_MAX_REQUEST_BYTES: '1048575' }))
      .toThrow('配置项 UPLOAD_MAX_REQUEST_BYTES 无效：不能小于 UPLOAD_MAX_BYTES');
  });

  it('adds the desktop origin only when ALLOW_DESKTOP_ORIGIN is true', () => {
    expect(allowedOrigins(loadConfig({ CORS_ORIGINS: 'https://kb.example.com' }))).toEqual(['https://kb.example.com']);
    expect(allowedOrigins(loadConfig({ CORS_ORIGINS: 'https://kb.example.com', ALLOW_DESKTOP_ORIGIN: 'true' })))
      .toEqual(['https://kb.example.com', 'app://kb']);
  });

  it('reads the database-chat settings: outbound allow-list, password key, limits', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({ dbSecretKey: null, dbChatTimeoutMs: 30_000, dbChatMaxRows: 1000, dbChatMaxBytes: 8 * 1024 * 1024 });
    expect(defaults.outboundAllow.text).toBe('');
    const set = loadConfig({ OUTBOUND_ALLOW: '127.0.0.1,10.0.0.0/8,db.internal', DB_SECRET_KEY: 'ab'.repeat(32), DB_CHAT_MAX_ROWS: '50' });
    expect(set.outboundAllow.hosts.has('db.internal')).toBe(true);
    expect(set.outboundAllow.nets.check('10.2.3.4')).toBe(true);
    expect(set.dbSecretKey?.length).toBe(32);
    expect(set.dbChatMaxRows).toBe(50);
    expect(() => loadConfig({ OUTBOUND_ALLOW: '10.0.0.0/40' })).toThrow('配置项 OUTBOUND_ALLOW 无效');
    expect(() => loadConfig({ DB_SECRET_KEY: 'short' })).toThrow('配置项 DB_SECRET_KEY 无效');
    expect(loadConfig({})).toMatchObject({ loginCrypto: 'rsa', loginPlainPassword: 'accept' });
    expect(loadConfig({ LOGIN_CRYPTO: 'SM2', LOGIN_PLAIN_PASSWORD: 'refuse' })).toMatchObject({ loginCrypto: 'sm2', loginPlainPassword: 'refuse' });
    expect(() => loadConfig({ DB_CHAT_TIMEOUT_MS: '5' })).toThrow('配置项 DB_CHAT_TIMEOUT_MS 无效');
  });

  it('reads the database-chat session limits: per connection, per user and the wait, each within its range', () => {
    expect(loadConfig({})).toMatchObject({ dbChatMaxSessions: 4, dbChatMaxPerUser: 2, dbChatQueueMs: 3000 });
    expect(loadConfig({ DB_CHAT_MAX_SESSIONS: '8', DB_CHAT_MAX_PER_USER: '1', DB_CHAT_QUEUE_MS: '0' }))
      .toMatchObject({ dbChatMaxSessions: 8, dbChatMaxPerUser: 1, dbChatQueueMs: 0 });
    expect(() => loadConfig({ DB_CHAT_MAX_SESSIONS: '0' })).toThrow('配置项 DB_CHAT_MAX_SESSIONS 无效：应为 1 到 100 之间的整数');
    expect(() => loadConfig({ DB_CHAT_MAX_PER_USER: 'many' })).toThrow('配置项 DB_CHAT_MAX_PER_USER 无效');
    expect(() => loadConfig({ DB_CHAT_QUEUE_MS: '600000' })).toThrow('配置项 DB_CHAT_QUEUE_MS 无效');
  });

  it('takes DB_FILE_DIR only as a directory of its own: not the root, a system directory, DATA_DIR or one holding it', () => {
    expect(loadConfig({}).dbFileDir).toBeNull();
    expect(loadConfig({ DB_FILE_DIR: '/srv/dbfiles', DATA_DIR: '/srv/kb/data' }).dbFileDir).toBe('/srv/dbfiles');
    expect(loadConfig({ DB_FILE_DIR: '/srv/kb/data/dbfiles', DATA_DIR: '/srv/kb/data' }).dbFileDir).toBe('/srv/kb/data/dbfiles');
    for (const dir of ['/', '/etc', '/tmp', '/root', '/srv/kb/data', '/srv/kb', '/srv', '/srv/kb/data/../']) {
      expect(() => loadConfig({ DB_FILE_DIR: dir, DATA_DIR: '/srv/kb/data' }), dir).toThrow('配置项 DB_FILE_DIR 无效');
    }
  });

  it('keeps operator passwords verbatim', () => {
    expect(loadConfig({ INITIAL_ADMIN_PASSWORD: ' Spaced pass 2030 ' }).initialAdminPassword).toBe(' Spaced pass 2030 ');
  });
});

describe('.env.example', () => {
  it('documents every variable the server reads, with values that pass validation', async () => {
    const fs = await import('node:fs');
    const example = fs.readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    const env: Record<string, string> = {};
    for (const line of example.split('\n')) {
      const m = /^([A-Z_]+)=(.*)$/.exec(line);
      if (m) env[m[1]] = m[2];
    }
    const pieces = fs.readdirSync(new URL('.', import.meta.url)).filter((f) => /^config.*\.ts$/.test(f) && !f.endsWith('.test.ts'));
    const source = pieces.map((f) => fs.readFileSync(new URL(f, import.meta.url), 'utf8')).join('\n');
    const read = [...source.matchAll(/\(env, '([A-Z_]+)'/g)].map((m) => m[1]);
    expect(read.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(env).sort()).toEqual([...new Set(read)].sort());
    expect(() => loadConfig(env)).not.toThrow();
  });
});
