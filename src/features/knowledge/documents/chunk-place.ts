import type { ChunkPosition } from '../../../../contract/api';

const range = (first: number, last?: number) => (last !== undefined && last !== first ? `${first}–${last}` : `${first}`);

/**
 * Where a chunk came from, as the owner reads it beside the chunk: 第 3 页 (第 3–4 页 when it runs on), 第 2 张幻灯片,
 * 参数表 第 5–9 行; '' when the format tells nothing (plain text, or a chunk added by hand).
 */
export function chunkPlace(position: ChunkPosition | undefined): string {
  if (!position) return '';
  const parts: string[] = [];
  if (position.page !== undefined) parts.push(`第 ${range(position.page, position.page_to)} 页`);
  if (position.slide !== undefined) parts.push(`第 ${position.slide} 张幻灯片`);
  const rows = position.rows ? `第 ${range(position.rows[0], position.rows[1])} 行` : '';
  const sheet = [position.sheet, rows].filter(Boolean).join(' ');
  if (sheet) parts.push(sheet);
  return parts.join(' · ');
}
