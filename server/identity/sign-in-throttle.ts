import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Config } from '../config';

/** Which limit refuses a sign-in attempt, and for how long. */
export type ThrottleRefusal = { scope: 'ip' | 'ip-user'; retryAfterSeconds: number };

/**
 * Failed sign-ins counted in memory per source address and per address + user name (D24). It is checked before
 * anything touches the database or hashes a password, so a flood costs almost nothing; only failures count, so
 * staff behind one address who sign in correctly are never slowed. Per process: with several server processes
 * each counts its own share (the account locks in the database still hold across all of them).
 */
export type SignInThrottle = {
  /** The refusal for an attempt now, or null when it may go on. */
  check(ip: string, username: string): Promise<ThrottleRefusal | null>;
  /** Counts a failure; answers the limits that this failure has just reached (for one audit entry per block). */
  failed(ip: string, username: string): Promise<ThrottleRefusal[]>;
  /** A successful sign-in forgets the failures of that name from that address. */
  succeeded(ip: string, username: string): Promise<void>;
};

type Limit = { scope: ThrottleRefusal['scope']; limiter: RateLimiterMemory; key: (ip: string, username: string) => string };

export function createSignInThrottle(config: Pick<Config,
  'loginIpMaxFailures' | 'loginIpWindowSeconds' | 'loginIpUserMaxFailures' | 'loginIpUserWindowSeconds'>): SignInThrottle {
  const limits: Limit[] = [
    {
      scope: 'ip',
      limiter: new RateLimiterMemory({ points: config.loginIpMaxFailures, duration: config.loginIpWindowSeconds }),
      key: (ip) => ip,
    },
    {
      scope: 'ip-user',
      limiter: new RateLimiterMemory({ points: config.loginIpUserMaxFailures, duration: config.loginIpUserWindowSeconds }),
      // NUL cannot occur in either part (the contract refuses control characters), so the key is unambiguous.
      key: (ip, username) => `${ip}\u0000${username}`,
    },
  ];
  const wait = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  return {
    async check(ip, username) {
      for (const { scope, limiter, key } of limits) {
        const res = await limiter.get(key(ip, username));
        if (res && res.consumedPoints >= limiter.points && res.msBeforeNext > 0) {
          return { scope, retryAfterSeconds: wait(res.msBeforeNext) };
        }
      }
      return null;
    },
    async failed(ip, username) {
      const reached: ThrottleRefusal[] = [];
      for (const { scope, limiter, key } of limits) {
        const res = await limiter.penalty(key(ip, username));
        if (res.consumedPoints === limiter.points) reached.push({ scope, retryAfterSeconds: wait(res.msBeforeNext) });
      }
      return reached;
    },
    async succeeded(ip, username) {
      await limits[1].limiter.delete(limits[1].key(ip, username));
    },
  };
}
