import { Problem } from '../domain/problems.js';
import { publisherReachability } from '../store/publisher-reachability.js';
import type { Db } from '../store/schema.js';

/**
 * The 503 for what has not been ingested yet, naming the publishers the last ingest could not
 * reach and why (behind a firewall "try again shortly" is not the truth: see /v1/meta/ingest).
 */
export async function notIngestedYet(db: Db, what: string): Promise<Problem> {
  const unreachable = (await publisherReachability(db).catch(() => [])).filter((p) => !p.reachable);
  const named = unreachable.map((p) => `${p.host} (${p.kind ?? 'network'}: ${p.reason ?? 'no answer'})`);
  const detail =
    named.length === 0
      ? `${what} has not been ingested yet; try again shortly.`
      : `${what} has not been ingested yet: this service cannot reach ${named.length === 1 ? 'the publisher' : 'the publishers'} ${named.join(', ')}. It keeps trying; see /v1/meta/ingest.`;
  return new Problem('not-ready', detail, { retryAfter: 30 });
}
