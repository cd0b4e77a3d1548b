// 取消 of a running tool call reaches the process running it, and only for the call's owner (issue 27 §6).
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/client';
import { cancelCall, cancellableCall, listenForToolCancels } from './cancel';

describe('cancelling a running tool call', () => {
  it('aborts the owner’s call in this process; another owner naming the same id aborts nothing', async () => {
    const deps = { db: {} as Db };
    const call = cancellableCall('user:7', 'c-1');
    expect(await cancelCall(deps, 'user:8', 'c-1')).toBe(false);
    expect(call.signal.aborted).toBe(false);
    expect(await cancelCall(deps, 'user:7', 'c-1')).toBe(true);
    expect(call.signal.aborted).toBe(true);
    call.done();
    // Ended calls are forgotten.
    expect(await cancelCall(deps, 'user:7', 'c-1')).toBe(false);
  });

  describe.runIf(Boolean(process.env.DATABASE_URL))('on PostgreSQL', () => {
    const opened: Database[] = [];
    afterAll(async () => Promise.all(opened.map((d) => d.close())));

    it('reaches the process running the call through kb_tool_cancel, for its owner only', async () => {
      const url = process.env.DATABASE_URL!;
      const [here, there] = await Promise.all([openDatabase({ dataDir: '/nonexistent', databaseUrl: url }), openDatabase({ dataDir: '/nonexistent', databaseUrl: url })]);
      opened.push(here, there);
      const stop = listenForToolCancels({ db: here.db });
      const deadline = Date.now() + 5000;
      while (!(await here.notifier.sync())) {
        if (Date.now() > deadline) throw new Error('never listening');
        await new Promise((r) => setTimeout(r, 20));
      }
      const call = cancellableCall('dialogue:3', 'c-2');
      // What another process sends when it does not run the call (this test is one process: sent by hand).
      await there.notifier.publish('kb_tool_cancel', JSON.stringify({ owner: 'dialogue:4', id: 'c-2' }));
      await here.notifier.sync();
      expect(call.signal.aborted).toBe(false);
      await there.notifier.publish('kb_tool_cancel', JSON.stringify({ owner: 'dialogue:3', id: 'c-2' }));
      await here.notifier.sync();
      expect(call.signal.aborted).toBe(true);
      // A call this process does not run: the others are told, and the answer cannot say more.
      expect(await cancelCall({ db: there.db }, 'dialogue:9', 'c-9')).toBeUndefined();
      call.done();
      stop();
    });
  });
});
