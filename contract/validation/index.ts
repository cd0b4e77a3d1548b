/** Validation shared by renderer and server: field validators (spec §5) and the query filter (spec §3). */
export * from './validators';
export * from './query-filter';
export * from './text-chars';
