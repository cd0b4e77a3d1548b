// A requirements document for test-case generation (issue 14): its type checked by content, then read into blocks
// in a worker thread (source-read.ts).
import fs from 'node:fs/promises';
import { HttpError } from '../http-error';
import { sniffFile, type DocumentType } from '../knowledge/file-types';
import type { ZipLimits } from '../uploads/limits';
import { blocksInPool } from './blocks-in-pool';
import type { SourceBlock } from './split';

/** The kinds of requirements document accepted (issue 14). */
export const SOURCE_TYPES: readonly DocumentType[] = ['docx', 'pdf', 'xlsx', 'md', 'txt', 'csv'];

/** The blocks of a document's bytes, read in a worker thread (D50); a file that cannot be read is refused (400). */
export function blocksOf(buf: Buffer, type: DocumentType, name: string, limits: ZipLimits): Promise<SourceBlock[]> {
  return blocksInPool({ bytes: buf, type, name, limits });
}

/** The type and blocks of an uploaded requirements document (checked by its content, as every upload). */
export async function readUploadedSource(
  file: { path: string; name: string; size: number }, limits: ZipLimits,
): Promise<{ type: DocumentType; blocks: SourceBlock[] }> {
  const sniffed = await sniffFile(file, limits);
  if ('problem' in sniffed) throw new HttpError(sniffed.status, sniffed.problem);
  if (!SOURCE_TYPES.includes(sniffed.type)) throw new HttpError(400, `需求文档只支持 docx、pdf、xlsx、md、txt、csv：${file.name}`);
  return { type: sniffed.type, blocks: await blocksOf(await fs.readFile(file.path), sniffed.type, file.name, limits) };
}
