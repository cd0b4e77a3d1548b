import {
  allowedExtensions,
  extensionOf,
  maxUploadBytes,
  mimeTypeOf,
  type FilePurpose,
  type RejectedFile,
} from '../../contract/desktop';
import type { PickFilesOptions, PickFilesOutcome, SaveFileOptions } from './types';

/** Opens the browser's file chooser through a hidden <input type=file>; resolves with the chosen files ([] if cancelled). */
export function chooseWithInput(accept: string, multiple: boolean): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.multiple = multiple;
    input.hidden = true;
    input.setAttribute('data-platform-picker', '');
    const done = (files: File[]) => {
      input.remove();
      resolve(files);
    };
    input.addEventListener('change', () => done(Array.from(input.files ?? [])), { once: true });
    input.addEventListener('cancel', () => done([]), { once: true });
    document.body.appendChild(input);
    input.click();
  });
}

/** Applies the purpose's type and size rules to chosen files, as the desktop main process does. */
export function screenFiles(
  chosen: readonly File[],
  extensions: readonly string[],
  maxBytes: number,
): { files: File[]; rejected: RejectedFile[] } {
  const files: File[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of chosen) {
    if (!extensions.includes(extensionOf(file.name))) rejected.push({ name: file.name, size: file.size, reason: 'type' });
    else if (file.size > maxBytes) rejected.push({ name: file.name, size: file.size, reason: 'too-large' });
    else files.push(file.type ? file : new File([file], file.name, { type: mimeTypeOf(file.name) }));
  }
  return { files, rejected };
}

/** The web version of pickFiles: same options and result shape as the desktop dialog. */
export async function pickFilesWeb(
  { purpose, multiple = false, accept }: PickFilesOptions,
  limitsMb: Partial<Record<FilePurpose, number>>,
  choose: typeof chooseWithInput = chooseWithInput,
): Promise<PickFilesOutcome> {
  const extensions = allowedExtensions(purpose, accept);
  const maxBytes = maxUploadBytes(purpose, limitsMb);
  if (extensions.length === 0) return { canceled: true, files: [], rejected: [], maxBytes };
  const chosen = await choose(extensions.map((e) => `.${e}`).join(','), multiple);
  if (chosen.length === 0) return { canceled: true, files: [], rejected: [], maxBytes };
  return { canceled: false, maxBytes, ...screenFiles(multiple ? chosen : chosen.slice(0, 1), extensions, maxBytes) };
}

/** The web version of saveFile: a Blob download through a temporary link. */
export function downloadWeb({ suggestedName, data, mimeType }: SaveFileOptions): boolean {
  const part = typeof data === 'string' || data instanceof Blob ? data : (data as Uint8Array<ArrayBuffer>);
  const blob = data instanceof Blob ? data : new Blob([part], { type: mimeType ?? 'application/octet-stream' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = suggestedName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}
