// Which hosts the server may connect to on a user's behalf (database connections, tools): the operator's
// OUTBOUND_ALLOW (hosts or CIDRs, parsed with the configuration in config-outbound.ts) in addition to every address
// that is not loopback, link-local (cloud metadata such as 169.254.169.254 included) or unspecified. Checked after
// name resolution, on every address a name resolves to, and the caller connects to the checked address (a second
// lookup could answer differently).
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { OutboundRule } from '../config-outbound';

/** Refused unless allowed: loopback, link-local, unspecified (IPv4, IPv6, and IPv4 inside IPv6). */
const REFUSED = new BlockList();
REFUSED.addSubnet('127.0.0.0', 8, 'ipv4');
REFUSED.addSubnet('169.254.0.0', 16, 'ipv4');
REFUSED.addSubnet('0.0.0.0', 8, 'ipv4');
REFUSED.addAddress('::1', 'ipv6');
REFUSED.addAddress('::', 'ipv6');
REFUSED.addSubnet('fe80::', 10, 'ipv6');

export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address (::ffff:127.0.0.1, ::ffff:7f00:1), else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0*:)*(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower.replace(/^::/, '0:'));
  if (dotted) return dotted[1];
  const hex = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** Whether one resolved address may be reached. */
export function addressAllowed(rule: OutboundRule, address: string): boolean {
  const family = isIP(address);
  if (!family) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (rule.nets.check(address, type)) return true;
  const inner = family === 6 ? embeddedIpv4(address) : null;
  if (inner) return rule.nets.check(inner, 'ipv4') || !REFUSED.check(inner, 'ipv4');
  return !REFUSED.check(address, type);
}

/** A host as typed into a connection: a name or an address, nothing that a driver could read as options. */
export function validHost(host: string): boolean {
  return host.length > 0 && host.length <= 253 && /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.:-]+)$/.test(host);
}

/**
 * Resolves `host` and answers the address to connect to, or throws OutboundRefused with a Chinese message.
 * Every address the name resolves to must be allowed (a name that answers both a company address and
 * 127.0.0.1 is refused).
 */
export async function resolveOutbound(rule: OutboundRule, rawHost: string): Promise<string> {
  const host = rawHost.trim().replace(/^\[(.*)\]$/, '$1');
  if (!validHost(rawHost.trim())) throw new OutboundRefused('主机地址格式不正确');
  const named = rule.hosts.has(host.toLowerCase());
  let addresses: string[];
  try {
    addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new OutboundRefused(`无法解析主机地址：${host}`);
  }
  if (!addresses.length) throw new OutboundRefused(`无法解析主机地址：${host}`);
  if (!named) {
    const refused = addresses.find((a) => !addressAllowed(rule, a));
    if (refused !== undefined) {
      throw new OutboundRefused(`不允许连接该地址（${host} 解析为本机、链路本地或未指定地址）；如确需连接，请管理员在 OUTBOUND_ALLOW 中加入该地址`);
    }
  }
  return addresses[0];
}
