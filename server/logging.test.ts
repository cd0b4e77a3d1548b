import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { humanLine, logFilePath, lowerLevel, processLogging, rotatingFile } from './logging';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-logging-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const requestLine = JSON.stringify({ level: 30, time: Date.UTC(2030, 0, 1, 2, 3, 4), msg: 'request completed', req: { method: 'GET', url: '/api/x' }, res: { statusCode: 200 }, responseTime: 3.2 }) + '\n';
const warnLine = JSON.stringify({ level: 40, time: Date.now(), msg: '文档处理失败', err: { message: '文件无法解析' } }) + '\n';

describe('process logging (D38)', () => {
  it('defaults: the console shows warnings and errors only; every request goes to DATA_DIR/logs/server.log', () => {
    const config = loadConfig({ DATA_DIR: path.join(dir, 'a') });
    expect(config.logLevel).toBe('warn');
    expect(config.logFileLevel).toBe('info');
    expect(config.logFileMaxBytes).toBe(10 * 1024 * 1024);
    const shown: string[] = [];
    const logging = processLogging(config, { write: (t) => void shown.push(t) });
    expect(logging.level).toBe('info');
    logging.stream.write(requestLine);
    logging.stream.write(warnLine);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(/^\d\d:\d\d:\d\d 警告 文档处理失败：文件无法解析\n$/);
    const file = fs.readFileSync(logFilePath(config), 'utf8');
    expect(file).toBe(requestLine + warnLine);
  });

  it('LOG_LEVEL=info shows the requests on the console too, readable; LOG_FILE_LEVEL=silent writes no file', () => {
    const config = loadConfig({ DATA_DIR: path.join(dir, 'b'), LOG_LEVEL: 'info', LOG_FILE_LEVEL: 'silent' });
    const shown: string[] = [];
    const logging = processLogging(config, { write: (t) => void shown.push(t) });
    logging.stream.write(requestLine);
    expect(shown[0]).toMatch(/信息 request completed GET \/api\/x → 200 3ms\n$/);
    expect(fs.existsSync(logFilePath(config))).toBe(false);
  });

  it('bounds the file: past the limit it becomes server.log.1 and a new one starts', () => {
    const file = path.join(dir, 'c', 'logs', 'server.log');
    const stream = rotatingFile(file, 1000);
    const line = 'x'.repeat(99) + '\n';
    for (let i = 0; i < 35; i++) stream.write(line);
    expect(fs.statSync(file).size).toBeLessThanOrEqual(1000);
    expect(fs.statSync(`${file}.1`).size).toBeLessThanOrEqual(1000);
    expect(fs.statSync(file).size + fs.statSync(`${file}.1`).size).toBeLessThanOrEqual(2000);
  });

  it('checks the variables', () => {
    expect(() => loadConfig({ LOG_FILE_LEVEL: 'loud' })).toThrow(/LOG_FILE_LEVEL/);
    expect(() => loadConfig({ LOG_FILE_MAX_BYTES: '10' })).toThrow(/LOG_FILE_MAX_BYTES/);
    expect(lowerLevel('warn', 'info')).toBe('info');
    expect(lowerLevel('silent', 'error')).toBe('error');
    expect(humanLine('not json')).toBe('not json\n');
  });
});
