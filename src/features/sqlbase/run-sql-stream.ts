import { DB_PATHS, MESSAGES } from '../../../contract/api/runtime';
import { SQL_RUN_STREAM_TYPE, type SqlRunFrame } from '../../../contract/api/sqlbase-limits';
import type { SqlRunBody } from '../../../contract/api';
import { apiBaseUrl } from '../../platform';
import { getToken } from '../../lib/storage';
import { refusal, StreamError } from '../chat/stream/stream-completion';
import { withUserInfo } from '../knowledge/user-info';

export type SqlRunProgress = { columns: string[]; rows: Record<string, unknown>[] };
export type SqlRunDone = SqlRunProgress & { sql: string; truncated: boolean; durationMs: number };

/**
 * Runs one statement through editor/sql/run and reads its rows as they arrive (newline-delimited JSON frames),
 * calling `onRows` with everything received so far. Rejects with a StreamError carrying the server's Chinese message
 * (a refusal before any row is a JSON envelope; a failure after some rows is an `error` frame).
 */
export async function runSqlStream(
  body: SqlRunBody, options: { onRows: (progress: SqlRunProgress) => void; signal?: AbortSignal; fetchImpl?: typeof fetch },
): Promise<SqlRunDone> {
  const { onRows, signal, fetchImpl = fetch } = options;
  const token = getToken();
  let response: Response;
  try {
    response = await fetchImpl(`${apiBaseUrl()}${DB_PATHS.sqlRun}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: SQL_RUN_STREAM_TYPE, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(withUserInfo(body)),
      signal,
    });
  } catch {
    throw signal?.aborted ? new StreamError(MESSAGES.cancelled, { aborted: true }) : new StreamError(MESSAGES.networkError);
  }
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes(SQL_RUN_STREAM_TYPE) || !response.body) {
    const text = await response.text().catch(() => '');
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the status decides the message
    }
    throw refusal(response.ok ? 500 : response.status, parsed);
  }
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  const progress: SqlRunProgress = { columns: [], rows: [] };
  let buffered = '';
  let end: Extract<SqlRunFrame, { type: 'end' }> | null = null;
  const handle = (line: string) => {
    if (!line.trim()) return;
    const frame = JSON.parse(line) as SqlRunFrame;
    if (frame.type === 'columns') progress.columns = frame.columns;
    else if (frame.type === 'rows') {
      progress.rows = [...progress.rows, ...frame.rows];
      onRows({ ...progress });
    } else if (frame.type === 'end') end = frame;
    else throw new StreamError(frame.message);
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      lines.forEach(handle);
    }
    handle(buffered + decoder.decode());
  } catch (err) {
    if (err instanceof StreamError) throw err;
    throw signal?.aborted ? new StreamError(MESSAGES.cancelled, { aborted: true }) : new StreamError(MESSAGES.networkError);
  }
  const finished = end as Extract<SqlRunFrame, { type: 'end' }> | null;
  if (!finished) throw new StreamError(MESSAGES.networkError);
  return { ...progress, sql: finished.sql, truncated: finished.truncated, durationMs: finished.duration_ms };
}
