/** Most rows a descriptor form should take (spec §9). */
export const MAX_FORM_ROWS = 10;

/**
 * Column span (of 24) for a form of `fieldCount` fields: 24 up to 4 fields (one per row), then 12
 * (two per row) up to 20, 8 (three per row) up to 30, and 6 (four per row) beyond. Each step is the widest
 * span that keeps the form within MAX_FORM_ROWS rows; past 40 fields even span 6 needs more rows.
 */
export function spanFor(fieldCount: number): number {
  if (fieldCount <= 4) return 24;
  for (const span of [12, 8]) if (Math.ceil(fieldCount / (24 / span)) <= MAX_FORM_ROWS) return span;
  return 6;
}
