// The grade rule of chat with tools: a dialogue remembers the highest grade it has shown, and a tool set whose
// ceiling is below it is no longer offered or called in that dialogue (ARCHITECTURE §8).
import { sql } from 'drizzle-orm';
import { secrecyGrades } from '../db/schema';
import type { Deps } from '../deps';

export type Grade = { code: string; text: string; rank: number };

/** The highest grade the dialogue has shown: its record, and the documents any of its answers drew on. */
export async function dialogueGrade(deps: Pick<Deps, 'db'>, dialogueId: number): Promise<Grade | null> {
  const result = (await deps.db.execute(sql`
    select g.code, g.text, g.rank from secrecy_grades g
    where g.code = (select shown_secrecy from chat_dialogues where id = ${dialogueId})
       or g.code in (select d.secrecy from knowledge_documents d where d.id in (
            select unnest(m.source_docs) from chat_messages m where m.dialogue_id = ${dialogueId} and m.role = 'view'))
    order by g.rank desc limit 1`)) as unknown as { rows: { code: string; text: string; rank: number }[] };
  const row = result.rows[0];
  return row ? { code: row.code, text: row.text, rank: Number(row.rank) } : null;
}

/** Why a set cannot be used in a dialogue that has shown `grade`, or null when it can. */
export function ceilingReason(set: { name: string; ceiling: Grade }, grade: Grade | null): string | null {
  if (!grade || set.ceiling.rank >= grade.rank) return null;
  return `本对话已展示「${grade.text}」级内容，高于工具集「${set.name}」的密级上限「${set.ceiling.text}」，该工具集在本对话中不再提供`;
}

/** The secrecy grades by code. */
export async function gradesByCode(deps: Pick<Deps, 'db'>): Promise<Map<string, Grade>> {
  const rows = await deps.db.select().from(secrecyGrades);
  return new Map(rows.map((g) => [g.code, { code: g.code, text: g.text, rank: g.rank }]));
}
