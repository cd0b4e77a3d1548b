/** Whether an error is PostgreSQL's unique violation (two writers racing past the checks), as drizzle passes it on. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  const pg = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  return pg !== null && (constraint === undefined || pg.constraint === constraint);
}
