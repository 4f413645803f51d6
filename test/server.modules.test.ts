import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { lmiCommand, startLmiServer, until } from './helpers/lmi-process.js';
import { REPO_ROOT } from './helpers/template-databases.js';

const RECORDER = path.join(REPO_ROOT, 'test', 'helpers', 'record-modules.js');

/** What reads a publisher's files: the sources' parsers, the format readers, and the packages under them. */
const PARSING = [
  /\/dist\/ingest\/sources\//,
  /\/dist\/ingest\/formats\//,
  /\/dist\/ingest\/(registry|pipeline|parse-worker)\.js$/,
  /\/node_modules\/(@e965\/xlsx|csv-parse|htmlparser2|fflate|yauzl)\//,
];
const parsing = (modules: string[]) => modules.filter((url) => PARSING.some((p) => p.test(url)));

describe('what `lmi serve` loads (the serving process reads source profiles, never the parsers)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'lmi-serve-modules-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const recording = (name: string) => {
    const file = path.join(dir, `${name}.modules`);
    writeFileSync(file, '');
    return {
      env: { LMI_RECORD_MODULES: file, NODE_OPTIONS: `--import ${pathToFileURL(RECORDER).href}` },
      modules: () => readFileSync(file, 'utf8').split('\n').filter(Boolean),
    };
  };
  const env = () => ({ LMI_DATA_DIR: dir, LMI_SECRET: 's'.repeat(32), LMI_REFRESH_INTERVAL: 'off' });

  it('serves /v1/meta/sources with no parser, format reader or spreadsheet package loaded', async () => {
    const record = recording('serve');
    const server = await startLmiServer([], { ...env(), ...record.env });
    try {
      await until(
        'the server to listen',
        () => server.get('/healthz').then((r) => r.status === 200 || undefined),
        60_000,
      );
      const key = (await lmiCommand(['keys', 'create', '--email', 'modules@example.org'], env())).trim();
      const sources = await server.get('/v1/meta/sources', key);
      assert.equal(sources.status, 200, server.output());
    } finally {
      await server.stop();
    }
    const modules = record.modules();
    // The recorder saw the serving modules, so an empty list below is a finding, not a blind spot.
    for (const served of ['/dist/server.js', '/dist/services.js', '/dist/ingest/source-profiles.js'])
      assert.ok(
        modules.some((url) => url.endsWith(served)),
        `${served} was loaded`,
      );
    assert.deepEqual(parsing(modules), []);
  });

  it('while `lmi ingest` loads them (the recorder sees a parser when one is loaded)', async () => {
    const record = recording('ingest');
    const emptyMirror = mkdtempSync(path.join(dir, 'mirror-'));
    await lmiCommand(['ingest', 'soc2020-structure'], {
      ...env(),
      LMI_UPSTREAM: 'mirror',
      LMI_UPSTREAM_DIR: emptyMirror,
      ...record.env,
    });
    const loaded = parsing(record.modules());
    assert.ok(loaded.some((url) => url.endsWith('/dist/ingest/registry.js')));
    assert.ok(loaded.some((url) => /\/dist\/ingest\/sources\/ons\/soc2020-structure\/parse\.js$/.test(url)));
  });
});
