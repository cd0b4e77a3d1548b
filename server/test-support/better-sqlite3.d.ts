// The part of better-sqlite3 (12.x, no bundled types) that the tests and the bench use to make SQLite files (also
// listed in tsconfig.e2e.json). The server itself uses it only inside the SQLite child process (driver-sqlite.ts).
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
