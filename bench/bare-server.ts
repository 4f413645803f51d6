/**
 * The yardstick of `npm run bench:compare`: a bare Fastify app (no logger, no hooks, no schemas)
 * that answers each benchmarked request with the very bytes our server sent for it: status,
 * headers and body, read from the JSON file named by its first argument (see replay.ts).
 * Prints its address on stdout once listening.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { replayKey, type RecordedResponse } from './replay.js';

const recorded = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as RecordedResponse[];
const answers = new Map(
  recorded.map((r) => [replayKey(r.url, r.apiKey, r.ifNoneMatch), { ...r, bytes: Buffer.from(r.body) }]),
);

const app = Fastify({ logger: false });
app.get('/*', (request, reply) => {
  const header = (name: string) => (request.headers[name] as string | undefined) ?? null;
  const answer = answers.get(replayKey(request.url, header('x-api-key'), header('if-none-match')));
  if (!answer) return reply.code(404).send();
  return reply
    .code(answer.status)
    .headers(answer.headers)
    .send(answer.status === 304 ? undefined : answer.bytes);
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
// Exit normally on SIGTERM, so that a --cpu-prof profile is written.
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
