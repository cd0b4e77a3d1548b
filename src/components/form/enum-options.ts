/** An option of a static enum (label and value, spec §3). */
export type EnumOption = { label: string; value: string | number };

/**
 * Options up to and including the bound secrecy code (grades are listed from lowest to highest), so a user
 * is never offered a grade above their clearance. Without a code, or when the code is not among the
 * options, all options are kept (the server still enforces clearance).
 */
export function cutAfterSecrecy(options: EnumOption[], secrecyCode?: string | number | null): EnumOption[] {
  if (secrecyCode === undefined || secrecyCode === null || secrecyCode === '') return options;
  const at = options.findIndex((o) => String(o.value) === String(secrecyCode));
  return at < 0 ? options : options.slice(0, at + 1);
}

/** Options from loaded records, reading label and value from the given keys (default name and id). */
export function toOptions(records: Record<string, unknown>[], labelKey = 'name', valueKey = 'id'): EnumOption[] {
  return records.map((r) => ({ label: String(r[labelKey] ?? ''), value: r[valueKey] as string | number }));
}
