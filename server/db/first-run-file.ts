import fs from 'node:fs';
import path from 'node:path';
import type { SeededAccount } from './seed';

/** Name of the file in DATA_DIR that keeps the generated first-start passwords. */
export const FIRST_RUN_FILE = 'first-run.txt';

/** Text listing the generated passwords (Chinese and English). */
export function firstRunText(accounts: SeededAccount[]): string {
  const lines = accounts
    .filter((a) => a.generatedPassword)
    .map((a) => `${a.username.padEnd(12)} ${String(a.generatedPassword).padEnd(18)} ${a.fullName}`);
  return [
    '首次启动生成的初始密码（首次登录后必须修改；修改后请删除本文件）',
    'Passwords generated at first start (must be changed at first sign-in; delete this file afterwards)',
    '',
    ...lines,
    '',
  ].join('\n');
}

/** Writes DATA_DIR/first-run.txt readable by the owner only (mode 600); returns its path, or null if nothing was generated. */
export function writeFirstRunFile(dataDir: string, accounts: SeededAccount[]): string | null {
  if (!accounts.some((a) => a.generatedPassword)) return null;
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, FIRST_RUN_FILE);
  fs.writeFileSync(file, firstRunText(accounts), { mode: 0o600 });
  // writeFileSync keeps the mode of an existing file; make sure it is 600 either way.
  fs.chmodSync(file, 0o600);
  return file;
}
