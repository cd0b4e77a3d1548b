// How audit details show what users read in them (D28): grade names instead of codes, role names instead of ids,
// and times as YYYY-MM-DD HH:mm:ss in China Standard Time, the zone the audit export uses too. Every audit detail
// that holds a grade, a role or a time goes through here.
import { inArray } from 'drizzle-orm';
import type { Deps } from '../deps';
import { roles, secrecyGrades } from '../db/schema';

/** China Standard Time (UTC+8, no daylight saving), whatever zone the server runs in. */
const CST_OFFSET_MS = 8 * 3_600_000;

/** `YYYY-MM-DD HH:mm:ss` in China Standard Time: audit details, the audit export. */
export function auditTime(date: Date): string {
  return new Date(date.getTime() + CST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The names of grade codes (an unknown code is shown as it is). */
export async function gradeNames(deps: Pick<Deps, 'db'>, codes: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(codes)].filter(Boolean);
  const rows = wanted.length
    ? await deps.db.select({ code: secrecyGrades.code, text: secrecyGrades.text }).from(secrecyGrades).where(inArray(secrecyGrades.code, wanted))
    : [];
  return new Map(rows.map((r) => [r.code, r.text]));
}

/** A grade as users read it: its name (公开, 内部, …). */
export async function gradeText(deps: Pick<Deps, 'db'>, code: string): Promise<string> {
  return (await gradeNames(deps, [code])).get(code) ?? code;
}

/** A grade change as users read it: `公开 → 内部`. */
export async function gradeChange(deps: Pick<Deps, 'db'>, from: string, to: string): Promise<string> {
  const names = await gradeNames(deps, [from, to]);
  return `${names.get(from) ?? from} → ${names.get(to) ?? to}`;
}

/** Role ids as users read them: names joined with 、, or 无 when there are none. */
export async function roleNames(deps: Pick<Deps, 'db'>, ids: number[]): Promise<string> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return '无';
  const rows = await deps.db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, wanted));
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return wanted.map((id) => byId.get(id) ?? String(id)).join('、');
}
