// Server start to ready, on a new data directory and on an existing one.
import { median, round, spread, startServer } from './lib.mjs';

export async function benchServerStart() {
  const fresh = [];
  const reopen = [];
  let keep;
  for (let i = 0; i < 3; i++) {
    const s = await startServer();
    fresh.push(s.readyMs);
    if (i === 0) {
      keep = s.dataDir;
      await s.stop({ keepData: true });
    } else {
      await s.stop();
    }
  }
  for (let i = 0; i < 3; i++) {
    const s = await startServer({ dataDir: keep });
    reopen.push(s.readyMs);
    await s.stop({ keepData: i < 2 });
  }
  return [
    // The goals of issue 16: 3 s on a new data directory, 1 s on an existing one.
    { name: `server start to ready, new data dir (ms, median of 3; ${spread(fresh)})`, value: round(median(fresh), 0), budget: 3000, unit: 'ms' },
    { name: `server start to ready, existing data dir (ms, median of 3; ${spread(reopen)})`, value: round(median(reopen), 0), budget: 1000, unit: 'ms' },
  ];
}
