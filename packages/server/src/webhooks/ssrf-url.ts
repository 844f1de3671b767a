import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { BadRequestError } from '../errors/index.js';
import type { AllowedNetworks } from './allowed-networks.js';
import { isForbiddenAddress } from './ssrf-address.js';

/** Resolves a host name to every address it has. */
export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface WebhookUrlOptions {
  /**
   * Accept hosts that are or resolve to loopback, private and other internal addresses (tests, a
   * self-hosted server posting to a private network). Scheme and credential rules still apply.
   * @default false
   */
  allowPrivate?: boolean;
  /** Addresses accepted although the deny list refuses them (`webhookAllowedNetworks`). @default none */
  allowed?: AllowedNetworks;
  /** @default `dns.promises.lookup(hostname, { all: true, verbatim: true })` */
  resolve?: ResolveHost;
  /** Longest wait for the resolver, in ms; slower is a 400. @default 5000 */
  timeoutMs?: number;
}

/** Every address of a name, as the system resolver gives them. */
export const defaultResolveHost: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function refuse(message: string): never {
  throw new BadRequestError(`url ${message}`);
}

async function resolveWithin(resolve: ResolveHost, hostname: string, timeoutMs: number): Promise<{ address: string }[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  try {
    return await Promise.race([resolve(hostname), timeout]);
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks a webhook target when it is set (SSRF, spec 6.1 rule 7) and returns it normalised: an
 * absolute `http:` or `https:` URL without user name or password, whose host is not `localhost`
 * (nor `*.localhost`), and which is neither an internal address nor a name any of whose addresses is
 * internal (`isForbiddenAddress`). Every refusal is a 400. Resolution can change later, so the
 * delivery must check the address it connects to again (`isForbiddenAddress`).
 */
export async function checkWebhookUrl(raw: string, options: WebhookUrlOptions = {}): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    refuse('must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse('must use http or https');
  if (url.username !== '' || url.password !== '') refuse('must not contain a user name or password');
  if (url.hostname === '') refuse('must name a host');
  if (options.allowPrivate) return url.href;
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) refuse('must not point at localhost');
  const forbidden = (address: string) => options.allowed?.(address) !== true && isForbiddenAddress(address);
  if (isIP(host) !== 0) {
    if (forbidden(host)) refuse(`must not point at a loopback, private, link-local or reserved address (${host})`);
    return url.href;
  }
  const addresses = await resolveWithin(options.resolve ?? defaultResolveHost, host, options.timeoutMs ?? 5_000);
  if (addresses.length === 0) refuse(`host ${host} does not resolve`);
  // The address itself is not echoed: it would turn this check into a resolver of internal names.
  if (addresses.some(({ address }) => forbidden(address))) refuse(`host ${host} resolves to a loopback, private, link-local or reserved address`);
  return url.href;
}
