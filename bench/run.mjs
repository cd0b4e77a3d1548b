// `npm run bench`: builds what is stale, runs every benchmark, prints a table, writes bench/results.json.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { buildWebIfStale } from '../scripts/build-web-lib.mjs';
import { buildServerIfStale } from '../scripts/build-server-lib.mjs';
import { benchServerStart } from './server-start.mjs';
import { benchUserDetail } from './user-detail.mjs';
import { benchWebBuild } from './web-build.mjs';
import { benchKitPaint } from './kit-paint.mjs';
import { benchUsers } from './users.mjs';
import { benchKnowledge } from './knowledge.mjs';
import { benchRecallQuality } from './recall-quality.mjs';
import { benchChat } from './chat.mjs';
import { benchChatRender } from './chat-render.mjs';
import { benchUploads } from './uploads.mjs';
import { benchSqlbase } from './sqlbase.mjs';
import { benchTestcases } from './testcases.mjs';
import { benchTools } from './tools.mjs';
import { benchResponsiveness } from './responsiveness.mjs';
import { benchStatistics } from './statistics.mjs';
import { benchScaleOut } from './scale-out.mjs';
import { benchLongScanLatency, benchLongScanMemory, benchParsing } from './parsing.mjs';

const suites = {
  'server start': benchServerStart, 'user-detail load': benchUserDetail, 'web build': benchWebBuild, 'kit paint': benchKitPaint,
  'system management': benchUsers, knowledge: benchKnowledge, 'recall quality': benchRecallQuality, chat: benchChat, 'chat render': benchChatRender, uploads: benchUploads,
  'database chat': benchSqlbase, 'test-case generation': benchTestcases, 'chat with tools': benchTools,
  'responsiveness while processing': benchResponsiveness, statistics: benchStatistics, 'scale-out on PostgreSQL': benchScaleOut,
  'document parsing': benchParsing, 'long scan latency': benchLongScanLatency, 'long scan memory': benchLongScanMemory,
};
const only = process.argv.slice(2);

await buildWebIfStale();
await buildServerIfStale();

const rows = [];
const ran = new Set();
for (const [suite, run] of Object.entries(suites)) {
  if (only.length && !only.some((o) => suite.includes(o))) continue;
  process.stdout.write(`… ${suite}\n`);
  ran.add(suite);
  // When and how busy the machine was: a figure from a loaded machine says so beside it.
  const measured = new Date().toISOString();
  const load = Math.round(loadavg()[0] * 10) / 10;
  // A suite that breaks is reported as FAILED and the others still run (their figures are not lost with it).
  let results;
  try {
    results = await run();
  } catch (err) {
    console.error(`FAILED: ${suite}: ${err instanceof Error ? err.stack : err}`);
    results = [{ name: `${suite}: the benchmark failed (${err instanceof Error ? err.message : err})`, value: null, unit: '', failed: true }];
  }
  for (const r of results) {
    const within = r.failed ? 'FAILED' : r.budget === undefined ? '' : r.value <= r.budget ? 'met' : 'MISSED';
    rows.push({ suite, ...r, within, measured, load });
  }
}
// The goal beside every figure, and a miss said plainly.
console.table(rows.map((r) => ({ benchmark: r.name, value: r.value, goal: r.budget === undefined ? '' : `≤ ${r.budget}`, result: r.within })));
for (const r of rows.filter((x) => x.within === 'MISSED')) console.log(`MISSED: ${r.name} = ${r.value} (goal ≤ ${r.budget})`);
// A run of some suites replaces their rows and keeps the others' (each row says when it was measured).
const kept = only.length && existsSync('bench/results.json')
  ? JSON.parse(readFileSync('bench/results.json', 'utf8')).rows.filter((r) => !ran.has(r.suite) && r.suite in suites)
  : [];
const order = Object.keys(suites);
const all = [...kept, ...rows].sort((a, b) => order.indexOf(a.suite) - order.indexOf(b.suite));
const results = { date: new Date().toISOString(), node: process.version, cpus: cpus().length, rows: all };
writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
console.log('written bench/results.json');
for (const r of rows.filter((x) => x.within === 'FAILED')) console.log(`FAILED: ${r.name}`);
if (rows.some((r) => r.within === 'MISSED' || r.within === 'FAILED')) process.exitCode = 1;
