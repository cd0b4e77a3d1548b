import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findProgram, missingProgramNotes } from './programs';

const PATH = process.env.PATH;
afterEach(() => {
  process.env.PATH = PATH;
});

/** A directory holding executable stand-ins of the given programs. */
function binDir(...names: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kb-programs-'));
  for (const name of names) writeFileSync(path.join(dir, name), '#!/bin/sh\n', { mode: 0o755 });
  return dir;
}

describe('optional programs', () => {
  it('finds a program on PATH or at its configured path, and not a missing or non-executable one', async () => {
    const dir = binDir('soffice');
    writeFileSync(path.join(dir, 'tesseract'), 'not executable', { mode: 0o644 });
    process.env.PATH = dir;
    expect(await findProgram('soffice', null)).toBe(path.join(dir, 'soffice'));
    expect(await findProgram('tesseract', null)).toBeNull();
    expect(await findProgram('soffice', path.join(dir, 'missing'))).toBeNull();
  });

  it('names each missing program at start with the packages to install, and nothing when both are there', async () => {
    process.env.PATH = binDir();
    const notes = (await missingProgramNotes({ sofficePath: null, tesseractPath: null })).join('\n');
    expect(notes).toContain('apt-get install tesseract-ocr tesseract-ocr-chi-sim');
    expect(notes).toContain('apt-get install libreoffice-writer-nogui libreoffice-impress-nogui');
    process.env.PATH = binDir('soffice', 'tesseract');
    expect(await missingProgramNotes({ sofficePath: null, tesseractPath: null })).toEqual([]);
  });
});
