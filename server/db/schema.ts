// The database schema, one file per domain; this index re-exports every table so `import * as schema from './schema'`
// (drizzle's client, drizzle-kit's config) sees them all. Domain files import each other downward only
// (identity ← knowledge, chat ← tool calls, …), never this index.
export * from './schema-identity';
export * from './schema-login';
export * from './schema-sys-mgr';
export * from './schema-jobs';
export * from './schema-knowledge';
export * from './schema-chat';
export * from './schema-tool-calls';
export * from './schema-testcases';
export * from './schema-sqlbase';
export * from './schema-tools';
