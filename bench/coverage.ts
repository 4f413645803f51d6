/**
 * Endpoint x occupation coverage of a running server: for each endpoint, the share of the 412 SOC
 * 2020 unit groups it answers with a real figure (test/helpers/endpoint-coverage.ts says what
 * counts), so that a server fed by the mirror and one fed by the publishers can be compared.
 * Run: npm run bench:coverage -- <base URL> <API key> [--concurrency 4] [--json]
 * A 429 is waited out (Retry-After) and asked again: give the key a high limit (LMI_TIERS) to be quick.
 */
import { parseArgs } from 'node:util';
import { coverageTable, endpointCoverage, type Answer } from '../test/helpers/endpoint-coverage.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { concurrency: { type: 'string', default: '4' }, json: { type: 'boolean', default: false } },
});
const [base, key] = positionals;
if (!base || !key) {
  console.error('usage: npm run bench:coverage -- <base URL> <API key> [--concurrency 4] [--json]');
  process.exit(2);
}
const root = base.replace(/\/+$/, '');

async function get(path: string): Promise<Answer> {
  for (;;) {
    const response = await fetch(`${root}${path}`, { headers: { 'x-api-key': key!, accept: 'application/json' } });
    if (response.status === 429) {
      await new Promise((r) => setTimeout(r, Number(response.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }
}

const started = Date.now();
const { unitGroups, requests, rows } = await endpointCoverage(get, Number(values.concurrency));
if (values.json) {
  console.log(JSON.stringify({ server: root, unitGroups, rows }, null, 2));
} else {
  console.log(
    `${root}: ${unitGroups} unit groups, ${requests} requests in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(coverageTable(rows));
}
