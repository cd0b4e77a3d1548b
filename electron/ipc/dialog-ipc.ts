import fs from 'node:fs/promises';
import path from 'node:path';
import { app, dialog, type BrowserWindow, type OpenDialogOptions, type SaveDialogOptions } from 'electron';
import { allowedExtensions, maxUploadBytes, UPLOAD_TYPES } from '../../contract/desktop';
import type { IpcRegistrar } from '../ipc-main';
import type { DesktopConfig } from '../services/desktop-config';
import { readPickedFiles } from '../services/file-reader';
import { sanitizeFileName } from '../services/file-names';
import type { Logger } from '../services/logger';

/** Dependencies of the dialog handlers. */
export type DialogIpcDeps = { config: DesktopConfig; getWindow: () => BrowserWindow | null; log: Logger };

/** dialog:pick-files (open dialog filtered per purpose, size-checked read) and dialog:save-file (exports). */
export function registerDialogIpc(ipc: IpcRegistrar, deps: DialogIpcDeps): void {
  ipc.handle('pickFiles', async (request) => {
    const extensions = allowedExtensions(request.purpose, request.accept);
    const maxBytes = maxUploadBytes(request.purpose, deps.config.preset.maxUploadMB);
    if (extensions.length === 0) return { canceled: true, files: [], rejected: [], maxBytes };
    const options: OpenDialogOptions = {
      title: '选择文件',
      buttonLabel: '选择',
      properties: request.multiple ? ['openFile', 'multiSelections'] : ['openFile'],
      filters: [{ name: UPLOAD_TYPES[request.purpose].label, extensions }],
    };
    const win = deps.getWindow();
    const picked = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
    if (picked.canceled || picked.filePaths.length === 0) return { canceled: true, files: [], rejected: [], maxBytes };
    const paths = request.multiple ? picked.filePaths : picked.filePaths.slice(0, 1);
    const result = await readPickedFiles(paths, { extensions, maxBytes }, fs);
    return { canceled: false, maxBytes, ...result };
  });

  ipc.handle('saveFile', async (request) => {
    const options: SaveDialogOptions = {
      title: '保存文件',
      buttonLabel: '保存',
      defaultPath: path.join(app.getPath('downloads'), sanitizeFileName(request.suggestedName)),
      filters: request.filters,
    };
    const win = deps.getWindow();
    const chosen = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    if (chosen.canceled || !chosen.filePath) return { saved: false, fileName: null };
    await fs.writeFile(chosen.filePath, request.data);
    deps.log.info(`export saved (${typeof request.data === 'string' ? request.data.length : request.data.byteLength} bytes)`);
    return { saved: true, fileName: path.basename(chosen.filePath) };
  });
}
