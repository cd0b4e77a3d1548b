import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, createLogger, type Logger } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` builds the web app on a fresh clone (scripts/build-web-lib.mjs, log level warn): whatever Vite warns
// about is the first thing a new installer reads, so the build must print none.
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-web-build-'));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** A Vite logger that keeps warnings and errors instead of printing them. */
function collectingLogger(): { logger: Logger; said: string[] } {
  const said: string[] = [];
  const logger = createLogger('warn', { allowClearScreen: false });
  logger.warn = (msg) => void said.push(msg);
  logger.warnOnce = (msg) => void said.push(msg);
  logger.error = (msg) => void said.push(msg);
  return { logger, said };
}

describe('the web build', () => {
  it('prints no warning: the config loads natively and the runtime config script is a public file', async () => {
    const { logger, said } = collectingLogger();
    await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn', customLogger: logger, build: { outDir: out, emptyOutDir: true } });
    expect(said).toEqual([]);
    // The runtime configuration stays a separate file IT can edit, loaded before the app.
    const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(html).toMatch(/<script src="[./]*config\.js"><\/script>/);
    expect(fs.existsSync(path.join(out, 'config.js'))).toBe(true);
  }, 120_000);
});
