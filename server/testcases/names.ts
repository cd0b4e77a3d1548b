// A user's generations are told apart by name (issue 27 §6): a name already taken gets the next free number,
// 需求（2）, 需求（3）…, whether the tester typed it or it came from the file's name. A unique index backs it.
import { and, eq, like, or } from 'drizzle-orm';
import { TESTCASE_LIMITS } from '../../contract/api';
import type { Deps } from '../deps';
import { testcaseGenerations } from '../db/schema';

/** The unique index on (owner, name), named by migration 0024. */
export const GENERATION_NAME_UNIQUE = 'testcase_generations_owner_name_uq';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** `wanted` if the owner has no generation of that name, else the first free `wanted（n）`, all within the length limit. */
export async function freeName(deps: Pick<Deps, 'db'>, ownerId: number, wanted: string): Promise<string> {
  const max = TESTCASE_LIMITS.maxNameChars;
  const base = Array.from(wanted).slice(0, max).join('');
  const rows = await deps.db.select({ name: testcaseGenerations.name }).from(testcaseGenerations).where(and(
    eq(testcaseGenerations.ownerId, ownerId),
    or(eq(testcaseGenerations.name, base), like(testcaseGenerations.name, `${escapeLike(Array.from(base).slice(0, max - 4).join(''))}%（%）`)),
  ));
  const taken = new Set(rows.map((r) => r.name));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `（${n}）`;
    const candidate = Array.from(base).slice(0, max - suffix.length).join('') + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}
