// Database chat (issue 13): runs bench/sqlbase-run.ts under tsx against the machine's PostgreSQL (it creates and
// drops its own database). Goals: first row ≤ 50 ms p95 on a 1,000,000-row indexed table; memory flat (< 64 MiB
// growth) while 1,000,000-row results are capped and streamed; table recall@10 ≥ 95 % on a 500-table schema.
import { spawnSync } from 'node:child_process';
import { round } from './lib.mjs';

export async function benchSqlbase() {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/sqlbase-run.ts'], { encoding: 'utf8', env: process.env, maxBuffer: 1 << 24 });
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  let figures;
  try {
    figures = JSON.parse(line);
  } catch {
    console.log(`MISSED: database chat benchmark did not run (PostgreSQL unreachable?)\n${run.stderr.slice(-2000)}`);
    return [{ name: 'database chat: benchmark ran', value: 0, budget: -1 }];
  }
  const rows = [
    { name: 'database chat: SQL to first row p95, 1M-row table (ms)', value: round(figures.firstRowP95Ms), budget: 50 },
    { name: 'database chat: memory growth, capped 1M-row results (MiB)', value: round(figures.memoryGrowthMib), budget: 64 },
    // The same goal on files (D45): SQLite through its child process, DuckDB read-only in the server.
    { name: 'database chat: SQL to first row p95, 1M-row SQLite file (ms)', value: round(figures.sqliteFirstRowP95Ms), budget: 50 },
    { name: 'database chat: SQL to first row p95, 1M-row DuckDB file (ms)', value: round(figures.duckdbFirstRowP95Ms), budget: 50 },
    // Stated as a miss count so "value ≤ budget" reads as the goal: at most 5 % of the questions missed.
    { name: `database chat: recall@10 misses of ${figures.questions} questions, 500 tables (%)`, value: round((1 - figures.recallAt10) * 100), budget: 5 },
  ];
  console.log(`database chat: first row when cold (new session, schema read): PostgreSQL ${round(figures.firstRowColdMs)} ms, `
    + `SQLite ${round(figures.sqliteColdMs)} ms, DuckDB ${round(figures.duckdbColdMs)} ms`);
  for (const r of rows) if (r.value > r.budget) console.log(`MISSED: ${r.name} = ${r.value} (goal ≤ ${r.budget})`);
  return rows;
}
