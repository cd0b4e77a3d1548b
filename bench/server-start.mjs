// Start to ready, on a new data directory and on an existing one: `npm start` as the README gives it (the goals),
// and the server process alone (node dist-server/main.js), for scale.
import { median, round, spread, startServer } from './lib.mjs';

async function starts(npmStart) {
  const fresh = [];
  const reopen = [];
  let keep;
  for (let i = 0; i < 3; i++) {
    const s = await startServer({ npmStart });
    fresh.push(s.readyMs);
    if (i === 0) {
      keep = s.dataDir;
      await s.stop({ keepData: true });
    } else {
      await s.stop();
    }
  }
  for (let i = 0; i < 3; i++) {
    const s = await startServer({ dataDir: keep, npmStart });
    reopen.push(s.readyMs);
    await s.stop({ keepData: i < 2 });
  }
  return { fresh, reopen };
}

export async function benchServerStart() {
  const npm = await starts(true);
  const node = await starts(false);
  return [
    // The goals of issue 16: 3 s on a new data directory, 1 s on an existing one.
    { name: `\`npm start\` to ready, new data dir (ms, median of 3; ${spread(npm.fresh)})`, value: round(median(npm.fresh), 0), budget: 3000, unit: 'ms' },
    { name: `\`npm start\` to ready, existing data dir (ms, median of 3; ${spread(npm.reopen)})`, value: round(median(npm.reopen), 0), budget: 1000, unit: 'ms' },
    { name: `for scale: the server process alone (node dist-server/main.js) to ready, new data dir (ms, median of 3; ${spread(node.fresh)})`, value: round(median(node.fresh), 0), unit: 'ms' },
    { name: `for scale: the server process alone to ready, existing data dir (ms, median of 3; ${spread(node.reopen)})`, value: round(median(node.reopen), 0), unit: 'ms' },
  ];
}
