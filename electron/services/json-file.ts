import fs from 'node:fs';
import path from 'node:path';

/** Parsed JSON of a file, or null when it is missing or unreadable (a corrupt file must not stop the app). */
export function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/** Writes JSON to a temporary name and renames it, so a crash never leaves half a file. */
export function writeJsonFile(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`, 'utf8');
  fs.renameSync(temp, file);
}
