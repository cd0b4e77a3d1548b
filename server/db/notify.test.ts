import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { localNotifier } from './notify';

describe('signals between processes (D61)', () => {
  it('go straight to this process\'s listeners on the embedded database, until they stop listening', async () => {
    const notifier = localNotifier();
    const seen: string[] = [];
    const off = notifier.on('kb_chat_stop', (p) => seen.push(p));
    await notifier.publish('kb_chat_stop', '7');
    await notifier.publish('kb_identity', '');
    off();
    await notifier.publish('kb_chat_stop', '8');
    expect(seen).toEqual(['7']);
    expect(notifier.shared).toBe(false);
    expect(await notifier.sync()).toBe(true);
  });

  describe.runIf(Boolean(process.env.DATABASE_URL))('on PostgreSQL', () => {
    const opened: Database[] = [];
    afterAll(async () => Promise.all(opened.map((d) => d.close())));

    it('reach another connection\'s listeners, and a sync answers only once every signal committed before it arrived', async () => {
      const url = process.env.DATABASE_URL!;
      const [here, there] = await Promise.all([openDatabase({ dataDir: '/nonexistent', databaseUrl: url }), openDatabase({ dataDir: '/nonexistent', databaseUrl: url })]);
      opened.push(here, there);
      const seen: string[] = [];
      here.notifier.on('kb_sessions', (p) => seen.push(p));
      // The listening connection opens at the first subscription; until it listens, a sync says "unknown".
      const deadline = Date.now() + 5000;
      while (!(await here.notifier.sync())) {
        if (Date.now() > deadline) throw new Error('never listening');
        await new Promise((r) => setTimeout(r, 20));
      }
      for (let i = 0; i < 50; i++) {
        await there.notifier.publish('kb_sessions', String(i));
        expect(await here.notifier.sync()).toBe(true);
        expect(seen.at(-1), `signal ${i} applied before the sync answered`).toBe(String(i));
      }
      // Concurrent syncs share round trips, and each still covers what was committed before it was asked.
      await there.notifier.publish('kb_sessions', 'last');
      expect(await Promise.all([here.notifier.sync(), here.notifier.sync(), here.notifier.sync()])).toEqual([true, true, true]);
      expect(seen.at(-1)).toBe('last');
    });
  });
});
