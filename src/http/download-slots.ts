import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BulkDownloadLimits } from '../config.js';
import { Problem } from '../domain/problems.js';
import { clientGroup } from './edge-rules.js';

/** Seconds a refused download is told to wait: about what a whole file takes to send on a fair line. */
const RETRY_AFTER_S = 10;

/**
 * The bulk downloads a replica sends at once: a request holds a slot from the moment it is
 * accepted until its response closes (sent whole, or the client gone), however slowly the client
 * reads. One key over its share is answered 429, the replica when full 503, both with Retry-After.
 */
export class DownloadSlots {
  private readonly byKey = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: BulkDownloadLimits) {}

  /** Takes a slot for the request's response, or throws the problem that refuses it. */
  take(request: FastifyRequest, reply: FastifyReply): void {
    // A keyless download (the explorer's) counts against its client, as its rate limit does.
    const key = request.apiKey ? `key ${request.apiKey.id}` : `client ${clientGroup(request.ip)}`;
    const held = this.byKey.get(key) ?? 0;
    if (held >= this.limits.perKey)
      throw new Problem(
        'too-many-downloads',
        `This ${request.apiKey ? 'key' : 'client'} is downloading ${held} bulk files already, as many as a ${request.apiKey ? 'key' : 'client'} may at once (${this.limits.perKey}). Retry once one has finished.`,
        { retryAfter: RETRY_AFTER_S },
      );
    if (this.total >= this.limits.perProcess)
      throw new Problem(
        'downloads-full',
        `This server is sending as many bulk files as it sends at once (${this.limits.perProcess}). Retry shortly.`,
        { retryAfter: RETRY_AFTER_S },
      );
    this.byKey.set(key, held + 1);
    this.total += 1;
    reply.raw.once('close', () => {
      this.total -= 1;
      const left = (this.byKey.get(key) ?? 1) - 1;
      if (left === 0) this.byKey.delete(key);
      else this.byKey.set(key, left);
    });
  }
}
