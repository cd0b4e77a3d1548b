/** Validation shared by renderer and server: field validators (spec §5), the query filter (spec §3), invisible characters. */
export * from './validators';
export * from './query-filter';
export * from './text-chars';
export * from './invisible-chars';
