// What a log line may say about an error (issue 11): its kind, codes and where it was thrown, never the values a
// request carried. Drizzle's query errors quote every parameter in their message ("params: …") and keep them as
// properties; PostgreSQL's messages quote offending values ("invalid input syntax for type integer: "abc"") and
// its `detail` repeats keys ("Key (username)=(bob)"). So messages are cut at the parameters, quoted parts are
// elided, and of database errors only the structural fields are kept.

const DB_FIELDS = ['code', 'severity', 'routine', 'table', 'column', 'constraint', 'dataType', 'schema'] as const;
const MAX_MESSAGE = 500;

export type LoggedError = {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  db?: Partial<Record<(typeof DB_FIELDS)[number], string>>;
  cause?: LoggedError;
};

/** A message without parameter values: the text before `params:`, quoted parts replaced by "…". */
export function redactMessage(message: string): string {
  const cut = message.split(/\nparams:/)[0];
  return cut.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/'(?:[^'\\]|\\.)*'/g, "'…'").slice(0, MAX_MESSAGE);
}

function frames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  // The stack's first lines repeat the message; keep the frames only.
  const lines = stack.split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 15);
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** The error as a log line may show it (pino serializer for `err`). */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '(not an Error)' };
  const e = error as Error & Record<string, unknown>;
  const out: LoggedError = { type: e.constructor?.name ?? e.name, message: redactMessage(e.message), stack: frames(e.stack) };
  if (typeof e.code === 'string') out.code = e.code;
  // A PostgreSQL error (pg or PGlite): SQLSTATE and names, not the message's values or the detail.
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && ('severity' in e || 'routine' in e)) {
    out.db = {};
    for (const f of DB_FIELDS) if (typeof e[f] === 'string') out.db[f] = e[f] as string;
  }
  if (e.cause !== undefined && depth < 3) out.cause = errorForLog(e.cause, depth + 1);
  return out;
}
