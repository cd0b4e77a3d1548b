// Reading a page's CPU profile (Chrome DevTools Protocol, Profiler.stop) for the benchmarks run with BENCH_PROFILE=1:
// where the page's long tasks went, to find what makes one.
import { round } from './lib.mjs';

/** The page's clock when the profile started: the mark's time less where its first sample fell in the profile. */
export function pageClockAtProfileStart(profile, markAt) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += (profile.timeDeltas[i] ?? 0) / 1000;
    if (byId.get(profile.samples[i]).callFrame.functionName === 'benchProfileMark') return markAt - at;
  }
  return markAt;
}

/** What the profile's samples show inside each long task ([start, duration] on the page's clock). */
export function printLongTasks(profile, pageClockAtStart, longTasks) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  for (const [start, duration] of longTasks) {
    const kinds = new Map();
    const inclusive = new Map();
    let samples = 0;
    let widest = 0;
    let at = pageClockAtStart;
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      at += ms;
      if (at < start || at > start + duration) return;
      samples++;
      widest = Math.max(widest, ms);
      const name = byId.get(id).callFrame.functionName;
      const kind = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : 'JavaScript';
      kinds.set(kind, (kinds.get(kind) ?? 0) + ms);
      if (kind !== 'JavaScript') return;
      const seen = new Set();
      for (let n = id; n !== undefined; n = parent.get(n)) {
        const f = byId.get(n).callFrame;
        const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
        if (seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
      }
    });
    // One wide gap between samples: the sampler (and likely the page) did not run then (another process had the core).
    console.log(`long task at ${start} ms, ${duration} ms: ${[...kinds.entries()].map(([k, v]) => `${k} ${round(v)} ms`).join(', ')} (${samples} samples, widest gap ${round(widest)} ms)`);
    console.log([...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([key, v]) => `  ${round(v)} ms  ${key}`).join('\n'));
  }
}

/** The heaviest functions of a CPU profile, and inside its longest busy runs the time each function took. */
export function printProfile(profile, pageClockAtStart = 0) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const f = byId.get(id).callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${round(v)} ms  ${k}`).join('\n'));
  // The longest runs of busy samples (the long tasks): when each began (ms after the profile started, and on the
  // page's clock when BENCH_PROFILE knows the offset) and the time spent inside each function, callers included.
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const idle = (id) => ['(idle)', '(program)', '(garbage collector)'].includes(byId.get(id).callFrame.functionName);
  const runs = [];
  let from = 0;
  let busy = 0;
  let at = 0;
  let startedAt = 0;
  profile.samples.forEach((id, i) => {
    at += (dt[i] ?? 0) / 1000;
    if (idle(id)) {
      if (busy > 0) runs.push([from, i - 1, busy, startedAt]);
      from = i + 1;
      busy = 0;
      return;
    }
    if (busy === 0) startedAt = at;
    busy += (dt[i] ?? 0) / 1000;
  });
  if (busy > 0) runs.push([from, profile.samples.length - 1, busy, startedAt]);
  runs.sort((a, b) => b[2] - a[2]);
  const named = profile.nodes.some((n) => n.callFrame.functionName === 'workLoopConcurrentByScheduler');
  runs.slice(0, Number(process.env.BENCH_PROFILE_RUNS ?? 1)).forEach(([first, last, ms, start], k) => {
    const inclusive = new Map();
    for (let i = first; i <= last; i++) {
      const seen = new Set();
      for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
        const f = byId.get(id).callFrame;
        const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
        if (seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
      }
    }
    // React's concurrent render yields to the browser every 5 ms, so a busy run is several tasks; what is not in it
    // (the commit and its effects, and whatever else ran) is done in one task.
    const yielding = [...inclusive.entries()].filter(([key]) => key.startsWith('workLoopConcurrentByScheduler ')).reduce((n, [, v]) => n + v, 0);
    const split = named ? `${round(ms - yielding)} ms outside React's yielding render` : 'minified: build with --minify false to tell the yielding render';
    console.log(`${k === 0 ? 'longest busy run' : `busy run #${k + 1}`}: ${round(ms)} ms (${split}), from ${round(start)} ms after the profile started (≈ ${round(pageClockAtStart + start)} on the page's clock); inclusive time per function:`);
    console.log([...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, k === 0 ? 60 : 30).map(([key, v]) => `${round(v)} ms  ${key}`).join('\n'));
  });
}
