import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { localNotifier, type Notifier } from '../db/notify';
import { cached, enableIdentityCache, invalidateIdentity, sinceArrival } from './identity-cache';

const fakeDb = () => ({}) as Db;

describe('identity cache', () => {
  it('reads through once and serves the kept value until a write empties it', async () => {
    const db = fakeDb();
    enableIdentityCache(db);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cached(db, 'k', load)).toEqual({ n: 1 });
    expect(await cached(db, 'k', load)).toEqual({ n: 1 });
    invalidateIdentity(db);
    expect(await cached(db, 'k', load)).toEqual({ n: 2 });
  });

  it('does not keep a value read while a write happened', async () => {
    const db = fakeDb();
    enableIdentityCache(db);
    let loads = 0;
    const stale = cached(db, 'k', async () => {
      await new Promise((r) => setTimeout(r, 5));
      return { n: ++loads };
    });
    invalidateIdentity(db);
    expect(await stale).toEqual({ n: 1 });
    expect(await cached(db, 'k', async () => ({ n: ++loads }))).toEqual({ n: 2 });
  });

  it('keeps no misses, so unknown tokens cannot fill memory', async () => {
    const db = fakeDb();
    enableIdentityCache(db);
    let loads = 0;
    await cached(db, 'missing', async () => (loads++, null));
    await cached(db, 'missing', async () => (loads++, null));
    expect(loads).toBe(2);
  });

  it('on a shared database, empties on another process\'s signal and keeps nothing while signals cannot be followed', async () => {
    const db = fakeDb();
    const local = localNotifier();
    let listening = true;
    let resets: (() => void)[] = [];
    const notifier: Notifier = {
      ...local, shared: true, sync: async () => listening,
      onReset: (fn) => (resets.push(fn), () => void (resets = resets.filter((r) => r !== fn))),
    };
    const { detach } = enableIdentityCache(db, notifier);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cached(db, 'k', load)).toEqual({ n: 1 });
    expect(await cached(db, 'k', load)).toEqual({ n: 1 });
    await local.publish('kb_identity', '');
    expect(await cached(db, 'k', load)).toEqual({ n: 2 });
    await local.publish('kb_sessions', '{"tokenHash":"x"}');
    expect(await cached(db, 'k', load)).toEqual({ n: 3 });
    resets.forEach((r) => r());
    expect(await cached(db, 'k', load)).toEqual({ n: 4 });
    listening = false;
    expect(await cached(db, 'k', load)).toEqual({ n: 5 });
    expect(await cached(db, 'k', load)).toEqual({ n: 6 });
    listening = true;
    detach();
    expect(await cached(db, 'k', load)).toEqual({ n: 7 });
    await local.publish('kb_identity', '');
    expect(await cached(db, 'k', load)).toEqual({ n: 7 });
  });

  it('syncs once per request: the later reads of a request, and a request that arrived before a sync was asked, use it', async () => {
    const db = fakeDb();
    let syncs = 0;
    enableIdentityCache(db, { ...localNotifier(), shared: true, sync: async () => (syncs++, true) });
    const request = () => new Promise<void>((resolve, reject) => sinceArrival(() => {
      void (async () => {
        await cached(db, 'a', async () => 1);
        await cached(db, 'b', async () => 2);
        await cached(db, 'a', async () => 3);
      })().then(resolve, reject);
    }));
    await request();
    expect(syncs).toBe(1);
    await Promise.all([request(), request(), request()]);
    expect(syncs).toBe(4); // one each (the notifier shares their round trips)
    // Arrived before a sync was asked for: no other needed.
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const early = new Promise<void>((resolve) => sinceArrival(() => {
      void gate.then(() => cached(db, 'a', async () => 5)).then(() => resolve());
    }));
    await cached(db, 'z', async () => 6);
    const mid = syncs;
    release();
    await early;
    expect(syncs).toBe(mid);
    await new Promise((r) => setTimeout(r, 2));
    const before = syncs;
    await request();
    expect(syncs).toBe(before + 1);
    await cached(db, 'a', async () => 4); // outside a request: always syncs
    expect(syncs).toBe(before + 2);
  });

  it('always reads from the database when no cache is enabled', async () => {
    const db = fakeDb();
    let loads = 0;
    await cached(db, 'k', async () => ++loads);
    await cached(db, 'k', async () => ++loads);
    expect(loads).toBe(2);
  });
});
