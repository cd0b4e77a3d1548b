import { getVisitorId, setVisitorId } from './storage';

/** 53-bit string hash (cyrb53): stable, fast, not cryptographic (a fingerprint, not a secret). */
export function hashString(input: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < input.length; i++) {
    const ch = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

function browserTraits(): string {
  const { userAgent, language, hardwareConcurrency } = navigator;
  const { width, height, colorDepth } = window.screen;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return [userAgent, language, hardwareConcurrency, width, height, colorDepth, zone].join('|');
}

/** The browser fingerprint sent as visitorId; computed once, then kept in storage. */
export function visitorId(): string {
  const stored = getVisitorId();
  if (stored) return stored;
  const id = hashString(browserTraits());
  setVisitorId(id);
  return id;
}
