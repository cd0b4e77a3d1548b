// user-detail under 20 concurrent connections for 10 s on loopback.
import { DEMO_PASSWORD, load, signIn, startServer } from './lib.mjs';

export async function benchUserDetail() {
  const s = await startServer();
  try {
    const token = await signIn(s.url, 'demo', DEMO_PASSWORD);
    const r = await load({
      url: `${s.url}/api/sysMgr/home-page/user-detail?visitorId=bench`,
      headers: { authorization: `Bearer ${token}` },
      connections: 20,
      seconds: 10,
    });
    return [
      { name: 'user-detail p50 (ms, 20 connections, 10 s)', value: r.p50, unit: 'ms' },
      { name: 'user-detail p95 (ms, 20 connections, 10 s)', value: r.p95, budget: 20, unit: 'ms' },
      { name: 'user-detail requests/s', value: r.rps, unit: 'req/s' },
      { name: 'user-detail errors', value: r.errors, budget: 0, unit: '' },
    ];
  } finally {
    await s.stop();
  }
}
