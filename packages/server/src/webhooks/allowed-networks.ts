import { BlockList, isIP } from 'node:net';

/** Tells whether an address lies in one of the operator's allowed networks (`webhookAllowedNetworks`). */
export type AllowedNetworks = (address: string) => boolean;

/**
 * The allow-list of a self-hosted server whose receivers live on its own network: CIDRs such as
 * `10.20.0.0/16`, `127.0.0.1/32` or `fd00::/8` (a bare address means that one address). Addresses in
 * them pass the SSRF checks at creation and at connect time; everything else is still judged by the
 * deny list. Throws on an entry that is not an address or CIDR, so a typo fails at start-up.
 */
export function allowedNetworks(cidrs: readonly string[] = []): AllowedNetworks {
  if (cidrs.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of cidrs) {
    const [network = '', prefixText] = entry.trim().split('/');
    const family = isIP(network);
    const max = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > max)
      throw new TypeError(`webhookAllowedNetworks: ${JSON.stringify(entry)} is not an IP address or CIDR`);
    list.addSubnet(network, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return (address) => {
    const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
    const family = isIP(ip);
    return family !== 0 && list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
  };
}
