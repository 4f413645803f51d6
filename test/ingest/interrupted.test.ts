import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INTERRUPTED_RULE } from '../../src/domain/editions.js';
import { recoverInterruptedIngests } from '../../src/ingest/interrupted.js';
import { ingestSources } from '../../src/ingest/pipeline.js';
import { findSource } from '../../src/ingest/registry.js';
import { mirrorUpstream } from '../../src/ingest/upstream.js';
import { findEdition, markInterruptedEditions, recordDetectedEdition } from '../../src/store/editions.js';
import { rescaledCsv, realFile, withZipComment } from '../helpers/broken-files.js';
import { serve, type ServedApp } from '../helpers/served-app.js';
import { lmiCli } from '../helpers/lmi-process.js';
import { copyTemplate } from '../helpers/template-databases.js';
import { makeMirror } from '../helpers/upstream.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('an ingest killed part-way (SQLite)', () => {
  let served: ServedApp;
  before(async () => {
    served = await serve(await copyTemplate('sqlite'));
  });
  after(() => served.close());

  it('leaves the release it was reading marked quarantined with the reason at the next start, listed in /v1/meta/ingest', async () => {
    const mirror = makeMirror();
    mirror.write(
      'ashe-table14/ashetable142024provisional.zip',
      withZipComment(realFile('ashe-table14/ashetable142024provisional.zip'), 'new bytes'),
    );
    const cli = lmiCli();
    const child = spawn(cli.command, [...cli.args, 'ingest', 'ashe-table14'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        LMI_DATA_DIR: served.store.dataDir,
        LMI_UPSTREAM_DIR: mirror.root,
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Wait until the child has recorded the release and is reading it, then kill it outright.
    let editionId: string | undefined;
    let owner: string | null | undefined;
    for (let i = 0; i < 600 && !editionId; i++) {
      const row = await served.store.db
        .selectFrom('editions')
        .select(['id', 'ingest_owner'])
        .where('source_key', '=', 'ashe-table14')
        .where('status', '=', 'parsing')
        .executeTakeFirst();
      [editionId, owner] = [row?.id, row?.ingest_owner];
      if (!editionId) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(editionId, 'the child started reading the release');
    // The process reading it is the one the edition names.
    const pid = Number(/:(\d+)$/.exec(owner ?? '')![1]);
    process.kill(pid, 'SIGKILL');
    await exited;
    assert.equal((await findEdition(served.store.db, editionId))!.status, 'parsing', 'left in progress by the kill');

    const marked = await recoverInterruptedIngests(served.store);
    assert.deepEqual(
      marked.map((e) => e.id),
      [editionId],
    );
    const held = (await findEdition(served.store.db, editionId))!;
    assert.equal(held.status, 'quarantined');
    assert.equal(held.checks[0]!.rule, INTERRUPTED_RULE);
    assert.match(
      held.checks[0]!.observed!,
      /^the ingest stopped while the release was parsing \(last heard of .+\); marked at /,
    );

    served.refresh();
    const status = (await served.get('/v1/meta/ingest')).json<{ quarantined: Array<{ id: string }> }>();
    assert.ok(status.quarantined.some((e) => e.id === editionId));
    assert.equal(
      (await served.get('/v1/occupations/2134/pay')).statusCode,
      200,
      'the previous 2024 edition still serves',
    );
  });

  it('reads a release interrupted once again, but not one interrupted twice (no crash loop)', async () => {
    const mirror = makeMirror();
    // New bytes of the ESS file: real figures with a harmless change of scale in one column no check looks at.
    mirror.write(
      'ess/data-employer-skills-survey.csv',
      rescaledCsv('ess/data-employer-skills-survey.csv', ['sample_occupations_estab_has_vacancy'], 1),
    );
    const source = findSource('ess-vacancies')!;
    const file = await mirrorUpstream(mirror.root).fetch({
      mirrorPath: 'ess/data-employer-skills-survey.csv',
      url: '',
    });
    const crash = async () => {
      const edition = await recordDetectedEdition(served.store.db, {
        sourceKey: source.key,
        label: 'ESS',
        seriesKey: null,
        sourceUri: file.uri,
        sha256: file.sha256,
      });
      await markInterruptedEditions(served.store.db, (e) => e.id === edition.id);
    };
    await crash();
    const [retried] = await ingestSources({
      store: served.store,
      upstream: mirrorUpstream(mirror.root),
      sources: [source],
    });
    assert.notEqual(retried!.releases[0]!.outcome, 'unchanged', 'read again after one interruption');

    const other = makeMirror();
    other.write(
      'ess/data-employer-skills-survey.csv',
      rescaledCsv('ess/data-employer-skills-survey.csv', ['sample_occupations_estab_has_vacancy'], 1).subarray(0, -2),
    );
    const second = await mirrorUpstream(other.root).fetch({
      mirrorPath: 'ess/data-employer-skills-survey.csv',
      url: '',
    });
    for (let i = 0; i < 2; i++) {
      const edition = await recordDetectedEdition(served.store.db, {
        sourceKey: source.key,
        label: 'ESS',
        seriesKey: null,
        sourceUri: second.uri,
        sha256: second.sha256,
      });
      await markInterruptedEditions(served.store.db, (e) => e.id === edition.id);
    }
    const [held] = await ingestSources({
      store: served.store,
      upstream: mirrorUpstream(other.root),
      sources: [source],
    });
    assert.equal(held!.releases[0]!.outcome, 'unchanged', 'not read a third time');
    assert.equal(held!.releases[0]!.checks[0]!.rule, INTERRUPTED_RULE);
  });
});
