import dns from 'node:dns';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { specialPurpose } from '../domain/special-addresses.js';
import { webhookUrlProblem } from '../domain/webhooks.js';

/** What a receiver may send back that is read: enough for an error page, never a download. */
const MOST_RESPONSE_BYTES = 64 * 1024;

export interface SendSettings {
  userAgent: string;
  /** The whole attempt (connect, TLS, request, response) must end within this. */
  timeoutMs: number;
  privateAddresses: boolean;
  /** The CAs to trust; undefined: Node's own (and NODE_EXTRA_CA_CERTS). */
  ca?: string[];
  /** How names are resolved before the check; `dns.lookup` (tests give a name an address). */
  resolve?: typeof dns.lookup;
}

/** The receiver's HTTP status, or why there was none. */
type SendResult = { status: number } | { error: string };

/**
 * Resolves the name as Node would, then refuses it when any of its addresses is special-purpose
 * (loopback, private, link-local, NAT64 of one ...): the check at registration saw only the
 * name, which may resolve elsewhere by the time of delivery. Literals never reach a lookup, so
 * `webhookUrlProblem` checks those before each attempt.
 */
export function publicOnlyLookup(resolve: typeof dns.lookup = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      for (const { address } of addresses) {
        const purpose = specialPurpose(address);
        if (purpose)
          return callback(new Error(`${hostname} resolves to ${address}, special-purpose: ${purpose}`), '', 0);
      }
      const found = addresses[0];
      if (!found) return callback(new Error(`${hostname} resolves to no address`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, found.address, found.family);
    });
  };
}

/**
 * One POST of a delivery: no redirect followed (a receiver that moved re-registers), the answer's
 * body read up to 64 KiB and dropped, the whole attempt bounded by `timeoutMs`.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  settings: SendSettings,
): Promise<SendResult> {
  const refused = webhookUrlProblem(url, settings.privateAddresses);
  if (refused) return Promise.resolve({ error: `the address ${refused}` });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = https.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        ...headers,
        'user-agent': settings.userAgent,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
      ...(settings.ca ? { ca: settings.ca } : {}),
      ...(settings.privateAddresses ? {} : { lookup: publicOnlyLookup(settings.resolve) }),
    });
    const timer = setTimeout(() => {
      settle({ error: `timed out after ${settings.timeoutMs / 1000} s` });
      request.destroy();
    }, settings.timeoutMs);
    request.on('error', (error) => settle({ error: error.message }));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MOST_RESPONSE_BYTES) {
          response.destroy();
          settle({ status });
        }
      });
      response.on('end', () => settle({ status }));
      response.on('error', () => settle({ status }));
    });
    request.end(body);
  });
}
