// The part of better-sqlite3 (12.x, no bundled types) that the tests use to make SQLite files. The server itself
// uses it only inside the SQLite child process (driver-sqlite.ts), which is plain JavaScript.
declare module 'better-sqlite3' {
  type Statement = { run(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };
  class Database {
    constructor(file: string, options?: { readonly?: boolean; fileMustExist?: boolean });
    exec(sql: string): this;
    prepare(sql: string): Statement;
    transaction<T extends (...args: never[]) => unknown>(fn: T): T;
    close(): void;
  }
  export default Database;
}
