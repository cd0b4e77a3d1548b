// The outbound rule: loopback, link-local (cloud metadata) and unspecified addresses are refused after name
// resolution, whatever their spelling (decimal, hex, short forms, IPv4 inside IPv6), unless OUTBOUND_ALLOW lists them.
import { describe, expect, it } from 'vitest';
import { addressAllowed, OutboundRefused, resolveOutbound, validHost } from './outbound';
import { EMPTY_RULE, parseOutboundAllow, type OutboundRule } from '../config-outbound';

describe('outbound rule', () => {
  it('refuses loopback, link-local and unspecified addresses in every spelling', async () => {
    for (const host of ['127.0.0.1', 'localhost', '2130706433', '0x7f000001', '0177.0.0.1', '127.1', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]',
      '169.254.169.254', '2852039166', '[::ffff:169.254.169.254]', '0.0.0.0', '0', '[::]', '[fe80::1]']) {
      await expect(resolveOutbound(EMPTY_RULE, host), host).rejects.toBeInstanceOf(OutboundRefused);
    }
  });

  it('allows private and public addresses, and what OUTBOUND_ALLOW lists', async () => {
    for (const address of ['10.1.2.3', '192.168.1.10', '172.16.0.5', '8.8.8.8', '::ffff:10.0.0.1', '2001:db8::1']) {
      expect(addressAllowed(EMPTY_RULE, address), address).toBe(true);
    }
    const rule = parseOutboundAllow('127.0.0.1, 169.254.0.0/16') as OutboundRule;
    expect(await resolveOutbound(rule, '127.0.0.1')).toBe('127.0.0.1');
    expect(await resolveOutbound(rule, '2130706433')).toBe('127.0.0.1');
    expect(addressAllowed(rule, '169.254.169.254')).toBe(true);
    expect(addressAllowed(rule, '127.0.0.2')).toBe(false);
    expect(addressAllowed(rule, '::1')).toBe(false);
  });

  it('parses OUTBOUND_ALLOW and refuses hosts that could carry driver options', () => {
    expect(parseOutboundAllow('10.0.0.0/8,db.example.com')).not.toHaveProperty('bad');
    expect(parseOutboundAllow('10.0.0.0/33')).toEqual({ bad: '10.0.0.0/33' });
    expect(parseOutboundAllow('host?x=1')).toEqual({ bad: 'host?x=1' });
    for (const host of ['db.example.com', '10.0.0.1', '[2001:db8::1]']) expect(validHost(host), host).toBe(true);
    for (const host of ['', 'a b', 'h;x', 'h/x', 'host?sslmode=disable', 'h@x', "h'"]) expect(validHost(host), host).toBe(false);
  });
});
