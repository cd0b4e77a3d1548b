// Server start to ready, on a new data directory and on an existing one.
import { median, round, startServer } from './lib.mjs';

export async function benchServerStart() {
  const fresh = [];
  const reopen = [];
  let keep;
  for (let i = 0; i < 2; i++) {
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
    { name: 'server start to ready, new data dir (ms, median of 2)', value: round(median(fresh), 0), budget: 5000, unit: 'ms' },
    { name: 'server start to ready, existing data dir (ms, median of 3)', value: round(median(reopen), 0), budget: 1500, unit: 'ms' },
  ];
}
