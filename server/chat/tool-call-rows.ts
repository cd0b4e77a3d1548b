// Chat tool calls as stored: the calls of a dialogue's answers for its history, with the images each tool answered
// (type and size; stored with their call), and one image read at a time by the dialogue's owner, the same rule as
// reading the dialogue.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ToolCallImage, ToolCallStatus, ToolCallView } from '../../contract/api';
import { chatDialogues, chatToolCalls, chatToolImages } from '../db/schema';
import type { Deps } from '../deps';
import type { ToolImage } from '../tools/result-content';

/** Stores a call's images (its row exists). */
export async function storeToolImages(deps: Pick<Deps, 'db'>, callId: string, images: ToolImage[]): Promise<void> {
  if (!images.length) return;
  await deps.db.insert(chatToolImages).values(images.map((image, seq) => ({
    callId, seq, mimeType: image.mimeType, size: image.data.byteLength, data: image.data,
  })));
}

/** The images of the calls, by call id: type and size, in order. */
export async function imagesOfCalls(deps: Pick<Deps, 'db'>, callIds: string[]): Promise<Map<string, ToolCallImage[]>> {
  const out = new Map<string, ToolCallImage[]>();
  if (!callIds.length) return out;
  const rows = await deps.db.select({ callId: chatToolImages.callId, mimeType: chatToolImages.mimeType, size: chatToolImages.size })
    .from(chatToolImages).where(inArray(chatToolImages.callId, callIds)).orderBy(asc(chatToolImages.callId), asc(chatToolImages.seq));
  for (const r of rows) {
    const list = out.get(r.callId) ?? [];
    list.push({ mime_type: r.mimeType, size: r.size });
    out.set(r.callId, list);
  }
  return out;
}

/** One image of a call in one of the user's own dialogues, or null (none, or another's: the same answer). */
export async function ownToolImage(
  deps: Pick<Deps, 'db'>, ownerId: number, callId: string, index: number,
): Promise<{ mimeType: string; data: Buffer } | null> {
  const [row] = await deps.db.select({ mimeType: chatToolImages.mimeType, data: chatToolImages.data })
    .from(chatToolImages)
    .innerJoin(chatToolCalls, eq(chatToolCalls.id, chatToolImages.callId))
    .innerJoin(chatDialogues, eq(chatDialogues.id, chatToolCalls.dialogueId))
    .where(and(eq(chatToolImages.callId, callId), eq(chatToolImages.seq, index), eq(chatDialogues.ownerId, ownerId)));
  return row ?? null;
}

/** The stored calls of a dialogue's answers, by round, each with its images' type and size. */
export async function toolCallsByRound(deps: Pick<Deps, 'db'>, dialogueId: number): Promise<Map<number, ToolCallView[]>> {
  const rows = await deps.db.select().from(chatToolCalls).where(eq(chatToolCalls.dialogueId, dialogueId)).orderBy(chatToolCalls.round, chatToolCalls.seq);
  const images = await imagesOfCalls(deps, rows.filter((r) => r.status === 'done').map((r) => r.id));
  const out = new Map<number, ToolCallView[]>();
  for (const r of rows) {
    const list = out.get(r.round) ?? [];
    const own = images.get(r.id);
    list.push({
      id: r.id, set_name: r.setName, tool_name: r.toolName, risk: r.risk, arguments: r.arguments, status: r.status as ToolCallStatus,
      result: r.result, is_error: r.isError, duration_ms: r.durationMs, offset: r.offset, ...(own ? { images: own } : {}),
    });
    out.set(r.round, list);
  }
  return out;
}
