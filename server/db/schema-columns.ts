import { customType, timestamp } from 'drizzle-orm/pg-core';

// Column helpers shared by the schema-*.ts files; the index (schema.ts) does not re-export them, so they are no tables.

/** A timestamptz column read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A tsvector column (full-text search), filled by a generated expression. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
