// OUTBOUND_ALLOW: the hosts and networks the operator lets the server reach besides public and private addresses
// (database connections, tools). Parsed here, with the configuration; sqlbase/outbound.ts checks addresses against it.
import { BlockList, isIP } from 'node:net';
import { ConfigError, raw, type Env } from './config-env';

/** The allowed host names, and the addresses and networks; `text` is the variable as the operator wrote it. */
export type OutboundRule = { hosts: Set<string>; nets: BlockList; text: string };

/** Parses OUTBOUND_ALLOW: comma-separated host names, addresses and CIDRs; `bad` names the first bad item. */
export function parseOutboundAllow(value: string): OutboundRule | { bad: string } {
  const hosts = new Set<string>();
  const nets = new BlockList();
  for (const item of value.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^(.+)\/(\d{1,3})$/.exec(item);
    if (m) {
      const family = isIP(m[1]);
      const bits = Number(m[2]);
      if (!family || bits > (family === 4 ? 32 : 128)) return { bad: item };
      nets.addSubnet(m[1], bits, family === 4 ? 'ipv4' : 'ipv6');
    } else if (isIP(item)) {
      nets.addAddress(item, isIP(item) === 4 ? 'ipv4' : 'ipv6');
    } else if (/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(item)) {
      hosts.add(item.toLowerCase());
    } else return { bad: item };
  }
  return { hosts, nets, text: value };
}

export const EMPTY_RULE: OutboundRule = { hosts: new Set(), nets: new BlockList(), text: '' };

/** Reads OUTBOUND_ALLOW; unset allows nothing beyond the default. */
export function outboundAllow(env: Env, name: string): OutboundRule {
  const v = raw(env, name);
  if (v === undefined) return EMPTY_RULE;
  const rule = parseOutboundAllow(v);
  if ('bad' in rule) {
    throw new ConfigError(name, `"${rule.bad}" 不是主机名、IP 地址或网段（如 10.0.0.0/8）`, `"${rule.bad}" is not a host, address or CIDR such as 10.0.0.0/8`);
  }
  return rule;
}
