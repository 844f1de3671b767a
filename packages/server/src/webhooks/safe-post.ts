import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { AllowedNetworks } from './allowed-networks.js';
import { isForbiddenAddress } from './ssrf-address.js';
import { defaultResolveHost } from './ssrf-url.js';
import type { ResolveHost } from './ssrf-url.js';

/** Longest wait of one delivery attempt, connection, answer and body included (issue 15). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Characters of the receiver's answer kept in the attempt log. */
const KEPT_BODY_CHARS = 512;

export interface SafePostOptions {
  /** @default `dns.promises.lookup(host, { all: true, verbatim: true })` */
  resolve?: ResolveHost;
  /** Addresses allowed although the deny list refuses them (`webhookAllowedNetworks`). @default none */
  allowed?: AllowedNetworks;
  /** Every address passes (`allowPrivateWebhookUrls`); scheme and credential rules still apply. @default false */
  allowPrivate?: boolean;
  /** @default DELIVERY_TIMEOUT_MS */
  timeoutMs?: number;
}

/** What one attempt got: a status (any, redirects included), or why there was none. */
export type PostOutcome =
  | { kind: 'answered'; status: number; body: string; location?: string }
  /** Refused before connecting: scheme, credentials, or an address of the deny list (never retried). */
  | { kind: 'refused'; error: string }
  /** DNS failure, connection error or time-out (retried, spec 6.1 rule 6). */
  | { kind: 'transport'; error: string };

class Refusal extends Error {}

/**
 * The one address this attempt connects to: the name is resolved once, every address it has must pass
 * (`isForbiddenAddress`, unless allowed), and the first is used. Throws `Refusal` when one is refused.
 */
async function checkedAddress(host: string, options: SafePostOptions): Promise<{ address: string; family: 4 | 6 }> {
  const literal = host.replace(/^\[|\]$/g, '');
  const passes = (address: string) => options.allowPrivate === true || options.allowed?.(address) === true || !isForbiddenAddress(address);
  const literalFamily = isIP(literal);
  if (literalFamily !== 0) {
    if (!passes(literal)) throw new Refusal(`address ${literal} is loopback, private, link-local or reserved`);
    return { address: literal, family: literalFamily as 4 | 6 };
  }
  const name = literal.replace(/\.+$/, '').toLowerCase();
  if (options.allowPrivate !== true && (name === 'localhost' || name.endsWith('.localhost'))) throw new Refusal('host is localhost');
  const addresses = await (options.resolve ?? defaultResolveHost)(name);
  const first = addresses[0];
  if (!first) throw new Error(`host ${name} does not resolve`);
  // One refused address refuses the name: a resolver may hand its addresses out in any order.
  if (!addresses.every(({ address }) => passes(address))) throw new Refusal(`host ${name} resolves to a loopback, private, link-local or reserved address`);
  return { address: first.address, family: isIP(first.address) === 6 ? 6 : 4 };
}

/** A `lookup` that answers the checked address and nothing else: the socket cannot reach another one. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

function readAnswer(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      if (text.length < KEPT_BODY_CHARS) text += chunk;
    });
    res.on('end', () => resolve(text.slice(0, KEPT_BODY_CHARS)));
    res.on('error', reject);
  });
}

/**
 * POSTs `body` to `url` the SSRF-safe way (spec 6.1 rule 7, issue 15): http or https only, no
 * credentials, the host resolved once and every address checked, then the connection made to exactly
 * the checked address (a second lookup, hence DNS rebinding, cannot switch it), with the URL's host in
 * `Host` and TLS SNI. Redirects are answers like any other: never followed. No agent, so no pooled
 * socket outlives its check. Never throws.
 */
export async function safePost(url: string, body: string, headers: Record<string, string>, options: SafePostOptions = {}): Promise<PostOutcome> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { kind: 'refused', error: 'url is not an absolute URL' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return { kind: 'refused', error: 'url must use http or https' };
  if (target.username !== '' || target.password !== '') return { kind: 'refused', error: 'url must not contain a user name or password' };
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const { address, family } = await Promise.race([
      checkedAddress(target.hostname, options),
      new Promise<never>((_resolve, reject) => controller.signal.addEventListener('abort', () => reject(new Error(`timed out after ${timeoutMs} ms`)))),
    ]);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return await new Promise<PostOutcome>((resolve, reject) => {
      const req = send(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: false,
          lookup: pinnedLookup(address, family),
          signal: controller.signal,
        },
        (res) => {
          readAnswer(res).then(
            (text) =>
              resolve({ kind: 'answered', status: res.statusCode ?? 0, body: text, ...(res.headers.location ? { location: res.headers.location } : {}) }),
            reject,
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  } catch (error) {
    if (error instanceof Refusal) return { kind: 'refused', error: error.message };
    const message = controller.signal.aborted ? `timed out after ${timeoutMs} ms` : error instanceof Error ? error.message : String(error);
    return { kind: 'transport', error: message };
  } finally {
    clearTimeout(timer);
  }
}
