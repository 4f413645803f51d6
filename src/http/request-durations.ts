/**
 * `lmi_http_request_duration_seconds` (a histogram by method, route template and status) and
 * `lmi_http_rate_limited_total` (its 429s by route), counted in place. prom-client's Histogram
 * builds a label object, validates it, hashes it and turns the bucket's bound into a property
 * name on every observation, a microsecond and several allocations on every request; here an
 * observation finds its series by the route's config object, the method and the status (no
 * string built), and adds to a Float64Array. The text is written only when Prometheus scrapes.
 */

/** Latency buckets in seconds: most answers come from the cache in well under a millisecond. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** A request whose path matched no route is counted under one label, so a scan of random paths cannot grow the series without end. */
const UNMATCHED_ROUTE = 'unmatched';

const DURATION = 'lmi_http_request_duration_seconds';
const RATE_LIMITED = 'lmi_http_rate_limited_total';

interface Series {
  method: string;
  route: string;
  status: number;
  /** Per bucket (not cumulative), then +Inf's own share, then the count, then the sum. */
  counts: Float64Array;
}

const COUNT = LATENCY_BUCKETS.length + 1;
const SUM = COUNT + 1;

export class RequestDurations {
  /** Matched routes by their config object (one per route and method); unmatched requests under one key. */
  private readonly byRoute = new Map<object, Map<string, Map<number, Series>>>();
  private readonly unmatched = {};
  private readonly all: Series[] = [];

  observe(route: { url?: string } | null | undefined, method: string, status: number, seconds: number): void {
    const key = route?.url === undefined ? this.unmatched : route;
    let byMethod = this.byRoute.get(key);
    if (!byMethod) this.byRoute.set(key, (byMethod = new Map<string, Map<number, Series>>()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map<number, Series>()));
    let series = byStatus.get(status);
    if (!series) {
      series = { method, route: route?.url ?? UNMATCHED_ROUTE, status, counts: new Float64Array(SUM + 1) };
      byStatus.set(status, series);
      this.all.push(series);
    }
    const counts = series.counts;
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket += 1;
    counts[bucket]! += 1;
    counts[COUNT]! += 1;
    counts[SUM]! += seconds;
  }

  /** Both metrics in the Prometheus text format, as prom-client writes them. */
  exposition(): string {
    const lines = [
      `# HELP ${DURATION} Time to answer a request, by route template, method and status (its _count is the number of requests).`,
      `# TYPE ${DURATION} histogram`,
    ];
    const limited = new Map<string, number>();
    for (const { method, route, status, counts } of this.all) {
      const labels = `method="${escape(method)}",route="${escape(route)}",status="${status}"`;
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((bound, i) => {
        cumulative += counts[i]!;
        lines.push(`${DURATION}_bucket{le="${bound}",${labels}} ${cumulative}`);
      });
      lines.push(
        `${DURATION}_bucket{le="+Inf",${labels}} ${counts[COUNT]}`,
        `${DURATION}_sum{${labels}} ${counts[SUM]}`,
        `${DURATION}_count{${labels}} ${counts[COUNT]}`,
      );
      if (status === 429) limited.set(route, (limited.get(route) ?? 0) + counts[COUNT]!);
    }
    lines.push(
      '',
      `# HELP ${RATE_LIMITED} Requests refused with 429 by a rate limit, by route template.`,
      `# TYPE ${RATE_LIMITED} counter`,
    );
    for (const [route, count] of limited) lines.push(`${RATE_LIMITED}{route="${escape(route)}"} ${count}`);
    return `${lines.join('\n')}\n`;
  }
}

/** Label values as the text format wants them: backslash, double quote and newline escaped. */
function escape(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}
