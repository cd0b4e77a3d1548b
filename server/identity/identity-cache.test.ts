import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { cached, enableIdentityCache, invalidateIdentity } from './identity-cache';

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

  it('always reads from the database when no cache is enabled (PostgreSQL)', async () => {
    const db = fakeDb();
    let loads = 0;
    await cached(db, 'k', async () => ++loads);
    await cached(db, 'k', async () => ++loads);
    expect(loads).toBe(2);
  });
});
