// Types of build-server-lib.mjs for the TypeScript tests that start the built server (server/multi-process.test.ts).
export function buildServer(options?: { log?: (message: string) => void }): Promise<void>;
export function buildServerIfStale(options?: { force?: boolean; log?: (message: string) => void }): Promise<boolean>;
