// The optional system programs the readers use (LibreOffice's soffice, the native tesseract): where they are, and what
// the start-up banner says when one is missing (the product still starts and reads everything else).
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

async function executable(file: string): Promise<boolean> {
  try {
    await fs.access(file, constants.X_OK);
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** A program: the configured path when set (and there), else the first `name` on PATH; null when there is none. */
export async function findProgram(name: string, configured: string | null): Promise<string | null> {
  if (configured !== null) return (await executable(configured)) ? configured : null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    if (await executable(candidate)) return candidate;
  }
  return null;
}

/** Start-up lines for the administrator naming each optional program that is missing and what it would add. */
export async function missingProgramNotes(config: { sofficePath: string | null; tesseractPath: string | null }): Promise<string[]> {
  const [soffice, tesseract] = await Promise.all([findProgram('soffice', config.sofficePath), findProgram('tesseract', config.tesseractPath)]);
  const notes: string[] = [];
  if (!tesseract) {
    notes.push(
      '提示 / Note: 未安装 tesseract，扫描件与图片用内置 tesseract.js 识别（较慢）/ no native tesseract: scans are read by the slower built-in tesseract.js.',
      '  apt-get install tesseract-ocr tesseract-ocr-chi-sim',
    );
  }
  if (!soffice) {
    notes.push(
      '提示 / Note: 未安装 LibreOffice，.ppt、.dps 与 Word 95 文件无法读取 / no LibreOffice: .ppt, .dps and Word 95 files cannot be read.',
      '  apt-get install libreoffice-writer-nogui libreoffice-impress-nogui',
    );
  }
  return notes;
}
