// DuckDB values as JSON: what a chart frame and a stored message can hold.

/** A double-quoted SQL identifier. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** A single-quoted SQL string. */
export const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

const pad = (n: number) => String(n).padStart(2, '0');

/** A DATE as YYYY-MM-DD, a TIMESTAMP as YYYY-MM-DD HH:MM:SS (the UTC wall time DuckDB stores; no zone shift). */
function dateText(d: Date, type: string): string {
  if (Number.isNaN(d.getTime())) return String(d);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (/^DATE$/i.test(type)) return day;
  if (/WITH TIME ZONE|TIMESTAMPTZ/i.test(type)) return d.toISOString();
  const ms = d.getUTCMilliseconds();
  return `${day}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${ms ? `.${String(ms).padStart(3, '0')}` : ''}`;
}

/**
 * A JSON-safe form of a DuckDB JS value: BIGINT as a number when exact (else a string), dates ISO, NaN and
 * infinities as null, binary as a length note, nested lists and structs converted element by element.
 */
export function toJsonSafe(value: unknown, type = ''): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return dateText(value, type);
  if (value instanceof Uint8Array) return `（二进制数据，${value.length} 字节）`;
  if (Array.isArray(value)) return value.map((v) => toJsonSafe(v));
  if (value.constructor === Object) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toJsonSafe(v)]));
  }
  return String(value);
}

/** Numeric DuckDB types. */
export const isNumericType = (type: string) =>
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|DOUBLE|DECIMAL)/i.test(type);
/** Date and time types. */
export const isTemporalType = (type: string) => /^(DATE|TIMESTAMP)/i.test(type);
