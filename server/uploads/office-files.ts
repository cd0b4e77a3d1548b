// The second look at an Office file (D34): before mammoth or exceljs unpack it, every entry is inflated with a hard
// cap (verifyZip), in case its central directory understated what it holds.
import { HttpError } from '../http-error';
import { PermanentJobError } from '../jobs/worker';
import type { ZipLimits } from './limits';
import { verifyZip, ZipRefusal } from './zip-guard';

/** Document types that are zip archives (OFD too, GB/T 33190). The compound files (doc, xls, ppt, WPS's) are not zips. */
const OFFICE_TYPES: ReadonlySet<string> = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'ofd']);

/**
 * Verifies a stored Office file before it is parsed in background work; a refusal fails the job for good (retrying
 * cannot change the file) with the reason in Chinese. Other types pass untouched.
 */
export async function verifyBeforeParsing(bytes: Buffer, type: string, limits: ZipLimits): Promise<void> {
  if (!OFFICE_TYPES.has(type)) return;
  try {
    await verifyZip(bytes, limits);
  } catch (err) {
    if (err instanceof ZipRefusal) throw new PermanentJobError(`文件未通过解压检查：${err.message}`);
    throw err;
  }
}

/** Verifies an uploaded Office file that is parsed during the request (user import): 413 or 400 naming the file. */
export async function verifyUploadedOffice(source: string | Buffer, name: string, limits: ZipLimits): Promise<void> {
  try {
    await verifyZip(source, limits);
  } catch (err) {
    if (err instanceof ZipRefusal) throw new HttpError(err.tooMuch ? 413 : 400, `文件 ${name} 被拒绝：${err.message}，未导入任何用户`);
    throw err;
  }
}
