// pg-cursor ships no types; the part used here (a portal read in batches through the extended protocol, and the
// per-row hook a subclass uses to measure each row as it arrives).
declare module 'pg-cursor' {
  import type { Submittable } from 'pg';
  type Field = { name: string; dataTypeID: number };
  export default class Cursor<R = Record<string, unknown>> implements Submittable {
    constructor(text: string, values?: unknown[], config?: { rowMode?: 'array' });
    submit: Submittable['submit'];
    read(rows: number, callback: (err: Error | undefined, rows: R[], result: { fields: Field[] }) => void): void;
    close(callback: (err?: Error) => void): void;
    /** Called by pg for every DataRow message of the portal. */
    handleDataRow(msg: { fields: unknown[] }): void;
    _result?: { fields: Field[]; parseRow(fields: unknown[]): R };
  }
}
