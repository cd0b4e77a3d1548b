// PowerPoint 97-2003 presentations (.ppt) and WPS 演示 files (.dps, the same container): no maintained npm library
// reads them, so LibreOffice converts them into pptx (issue 29 §2), read then as a pptx is: slide by slide, each with
// its number, title, tables' rows and speaker notes. Without LibreOffice the document fails with the package to install.
import { PermanentJobError } from '../../../jobs/worker';
import { compoundKind, ENCRYPTED_REASON } from '../compound';
import { convertWithOffice } from '../convert/soffice';
import type { Reader } from '../types';
import { readPptx } from './pptx';

/** The reader of a presentation of `type` (ppt or dps: its type names it in a reason). */
export function presentationReader(type: 'ppt' | 'dps'): Reader {
  return async (bytes, context) => {
    // Told before LibreOffice is started: it would stop at a password prompt nobody answers.
    if (compoundKind(bytes).encrypted) throw new PermanentJobError(ENCRYPTED_REASON);
    return readPptx(await convertWithOffice(bytes, type, 'pptx', context), context);
  };
}
