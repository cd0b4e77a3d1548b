import fs from 'node:fs';
import path from 'node:path';

/** A minimal file logger for the main process. */
export type Logger = {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
};

const MAX_LOG_BYTES = 5 * 1024 * 1024;

/**
 * Appends lines to `<dir>/main.log`, keeping one previous file (`main.old.log`) when it
 * passes 5 MB. Logging never throws: a full disk must not crash the app.
 */
export function createFileLogger(dir: string, echo = false): Logger {
  const file = path.join(dir, 'main.log');
  const write = (level: string, message: string) => {
    const line = `${new Date().toISOString()} ${level} ${message}\n`;
    if (echo) process.stdout.write(line);
    try {
      fs.mkdirSync(dir, { recursive: true });
      if (fs.existsSync(file) && fs.statSync(file).size > MAX_LOG_BYTES) {
        fs.renameSync(file, path.join(dir, 'main.old.log'));
      }
      fs.appendFileSync(file, line, 'utf8');
    } catch {
      // Nowhere left to report to.
    }
  };
  return {
    info: (m) => write('INFO', m),
    warn: (m) => write('WARN', m),
    error: (m, e) => write('ERROR', e instanceof Error ? `${m}: ${e.stack ?? e.message}` : e === undefined ? m : `${m}: ${String(e)}`),
  };
}
