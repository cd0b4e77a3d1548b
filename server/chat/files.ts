// Files uploaded into a dialogue: documents for file chat (searched by chat_normal) and spreadsheets for
// chat_excel. Each belongs to one dialogue of one user; another user's file is answered as a missing one.
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq } from 'drizzle-orm';
import { CHAT_MESSAGES, type ChatFile } from '../../contract/api';
import type { Config } from '../config';
import type { Deps } from '../deps';
import { chatDialogues, chatFiles } from '../db/schema';
import { badRequest, HttpError } from '../http-error';
import { enqueue } from '../jobs/queue';
import { sniffFile, type DocumentType } from '../knowledge/file-types';
import { absolute, removeFiles } from '../knowledge/storage';
import { placeFile } from '../uploads/incoming';
import { zipLimitsOf } from '../uploads/limits';
import type { ReceivedFile } from '../uploads/receive';
import { ownedDialogue } from './dialogues';

export type ChatFileKind = 'document' | 'excel';
export type ChatFileRow = typeof chatFiles.$inferSelect;

/** The queue of chat-file processing jobs; a job's key is `chat-file:<id>`. */
export const CHAT_FILE_QUEUE = 'chat-file-processing';
export const chatFileJobKey = (fileId: number) => `chat-file:${fileId}`;

/** Where chat files live (`files/` is FILES_DIR): one folder per dialogue. */
const ROOT = path.join('files', 'chat');

export const SPREADSHEET_TYPES: readonly DocumentType[] = ['csv', 'xlsx'];

/** The stored path (`files/…`, see `absolute`) of an uploaded file. */
export function chatFilePath(dialogueId: number, fileId: number, ext: string): string {
  return path.join(ROOT, String(dialogueId), `${fileId}.${ext}`);
}

/** The stored path of a spreadsheet's table (Parquet), beside the upload. */
export function tablePathOf(storedPath: string): string {
  return storedPath.replace(/\.[^./\\]+$/, '.parquet');
}

/** Removes a dialogue's stored files (when the dialogue is deleted). */
export async function removeDialogueFiles(config: Pick<Config, 'filesDir'>, dialogueId: number): Promise<void> {
  await fs.rm(absolute(config, path.join(ROOT, String(dialogueId))), { recursive: true, force: true });
}

/** A stored file as the client sees it. */
export function toChatFile(row: ChatFileRow, convUid: string): ChatFile {
  return {
    id: row.id,
    conv_uid: convUid,
    file_name: row.fileName,
    kind: row.kind,
    size: row.size,
    status: row.status as ChatFile['status'],
    result: row.result,
    gmt_created: row.createdAt.toISOString(),
  };
}

/**
 * The type of an upload by its content, or 400 (413 for an archive declaring too much) with the reason; spreadsheets
 * only csv and xlsx (an .xls that is really an xlsx is one).
 */
async function checkType(config: Config, file: ReceivedFile, kind: ChatFileKind): Promise<DocumentType> {
  const sniffed = await sniffFile(file, zipLimitsOf(config));
  if ('problem' in sniffed) throw new HttpError(sniffed.status, sniffed.problem);
  if (kind === 'excel' && (sniffed.type === 'xls' || sniffed.type === 'et')) {
    throw badRequest(`暂不支持 Excel 97-2003（.xls）格式：${file.name}，请另存为 .xlsx 或 .csv 后上传`);
  }
  if (kind === 'excel' && !SPREADSHEET_TYPES.includes(sniffed.type)) {
    throw badRequest(`电子表格对话只支持 csv、xlsx 文件：${file.name}`);
  }
  return sniffed.type;
}

/**
 * Stores a received file in the caller's dialogue and queues its processing, all or nothing: the row, the file
 * (moved into place from its temporary name) and the job are one transaction, and the file is removed if it fails.
 */
export async function addChatFile(deps: Deps, ownerId: number, convUid: string, kind: ChatFileKind, file: ReceivedFile): Promise<ChatFile> {
  const dialogue = await ownedDialogue(deps, ownerId, convUid);
  const type = await checkType(deps.config, file, kind);
  const name = file.name;
  let written: string | null = null;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const [inserted] = await tx.insert(chatFiles).values({
        dialogueId: dialogue.id, ownerId, kind, fileName: name, storedPath: '', size: file.size, status: 'TODO', result: '等待处理',
        createdAt: now, updatedAt: now,
      }).returning();
      const relative = chatFilePath(dialogue.id, inserted.id, type);
      await placeFile(file.path, absolute(deps.config, relative));
      written = relative;
      const [stored] = await tx.update(chatFiles).set({ storedPath: relative }).where(eq(chatFiles.id, inserted.id)).returning();
      // As DB-GPT: a spreadsheet upload makes the dialogue a spreadsheet chat about that file.
      if (kind === 'excel') await tx.update(chatDialogues).set({ chatMode: 'chat_excel', selectParam: name }).where(eq(chatDialogues.id, dialogue.id));
      await enqueue({ ...deps, db: tx as unknown as Deps['db'] }, {
        queue: CHAT_FILE_QUEUE, key: chatFileJobKey(inserted.id), payload: { fileId: inserted.id }, maxAttempts: deps.config.jobMaxAttempts,
      });
      return stored;
    });
    return toChatFile(row, dialogue.convUid);
  } catch (err) {
    if (written) await removeFiles(deps.config, [written]);
    throw err;
  }
}

/** The files of the caller's dialogue, oldest first (400 对话不存在 for another's). */
export async function listChatFiles(deps: Pick<Deps, 'db'>, ownerId: number, convUid: string): Promise<ChatFile[]> {
  const dialogue = await ownedDialogue(deps, ownerId, convUid);
  const rows = await deps.db.select().from(chatFiles).where(eq(chatFiles.dialogueId, dialogue.id)).orderBy(asc(chatFiles.id));
  return rows.map((r) => toChatFile(r, dialogue.convUid));
}

/** One of the caller's files; 404 for a missing one and for another user's alike. */
export async function ownChatFile(deps: Pick<Deps, 'db'>, ownerId: number, fileId: number): Promise<ChatFile> {
  const [found] = await deps.db.select({ file: chatFiles, convUid: chatDialogues.convUid }).from(chatFiles)
    .innerJoin(chatDialogues, eq(chatDialogues.id, chatFiles.dialogueId))
    .where(and(eq(chatFiles.id, fileId), eq(chatFiles.ownerId, ownerId), eq(chatDialogues.ownerId, ownerId)));
  if (!found) throw new HttpError(404, '文件不存在');
  return toChatFile(found.file, found.convUid);
}

/** The dialogue's spreadsheets, newest first (any status). */
export async function dialogueSpreadsheets(deps: Pick<Deps, 'db'>, dialogueId: number): Promise<ChatFileRow[]> {
  return deps.db.select().from(chatFiles)
    .where(and(eq(chatFiles.dialogueId, dialogueId), eq(chatFiles.kind, 'excel')))
    .orderBy(desc(chatFiles.id));
}

/** The message for a missing upload or conversation id. */
export const missingFile = () => badRequest(CHAT_MESSAGES.missingFile);
