import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseInWorker } from '../../../src/ingest/formats/parse-worker.js';

const PARSE_MODULE = new URL('../../../src/ingest/sources/skills-england/apprenticeship-standards/parse.js', import.meta.url).href;
const LIMITS = { timeLimitMs: 30_000, maxHeapMb: 256 };

describe('parse worker', () => {
  it("runs a parser off the main thread and passes on its error as the release's reason", async () => {
    await assert.rejects(parseInWorker(PARSE_MODULE, 'parseApprenticeshipStandards', new TextEncoder().encode('{not json'), LIMITS), /apprenticeship-standards\.json: not UTF-8 JSON/);
    await assert.rejects(parseInWorker(PARSE_MODULE, 'noSuchParser', null, LIMITS), /has no function noSuchParser/);
  });

  it('stops a parser that runs past its time limit', async () => {
    await assert.rejects(parseInWorker(PARSE_MODULE, 'parseApprenticeshipStandards', new Uint8Array(0), { ...LIMITS, timeLimitMs: 1 }), /took longer than 1 ms/);
  });
});
