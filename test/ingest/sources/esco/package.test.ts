import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { zipSync } from 'fflate';
import type { AnySourceDescriptor, ReleaseRef } from '../../../../src/ingest/source.js';
import type { UpstreamFile } from '../../../../src/ingest/upstream.js';
import { escoOccupationSkillsSource } from '../../../../src/ingest/sources/esco/esco-occupation-skills/descriptor.js';
import { escoOccupationsSource } from '../../../../src/ingest/sources/esco/esco-occupations/descriptor.js';
import { escoSkillsSource } from '../../../../src/ingest/sources/esco/esco-skills/descriptor.js';
import { escoDownloadUrl, escoVersionOf } from '../../../../src/ingest/sources/esco/package.js';
import { escoRoutes } from '../../../helpers/publisher-double/routes-esco.js';
import { listCurrentEditions } from '../../../../src/store/editions.js';
import { routeContext, routes } from '../../../helpers/publisher-double/routes.js';
import { startPublisherDouble, type PublisherDouble } from '../../../helpers/publisher-double/server.js';
import { DIALECTS_ABOVE_STORE, openTestStore, type TestStore } from '../../../helpers/stores.js';
import { upstreamPath } from '../../../helpers/upstream.js';
import { ingestFromDouble } from '../../../helpers/publisher-double/ingest.js';

const mirrorCsv = (name: string) => {
  const bytes = readFileSync(upstreamPath(`esco/${name}`));
  return new Uint8Array(name.endsWith('.gz') ? gunzipSync(bytes) : bytes);
};

/**
 * An ESCO CSV package built from the mirror's v1.1.1 files: under 1.2's names (`…_en.csv` for every
 * file, in the package's folder; third-party evidence only) or 1.1.1's (relations without suffix).
 */
function escoPackage(version: '1.2.1' | '1.1.1'): { name: string; bytes: Uint8Array } {
  const folder = `ESCO dataset - v${version} - classification - en - csv`;
  const relations = version === '1.1.1' ? 'occupationSkillRelations.csv' : 'occupationSkillRelations_en.csv';
  const bytes = zipSync({
    [`${folder}/occupations_en.csv`]: mirrorCsv('occupations_en.csv'),
    [`${folder}/skills_en.csv`]: mirrorCsv('skills_en.csv.gz'),
    [`${folder}/${relations}`]: mirrorCsv('occupationSkillRelations.csv.gz'),
    [`${folder}/digitalSkillsCollection_en.csv`]: new TextEncoder().encode('conceptType,conceptUri\n'),
  });
  return { name: `${folder}.zip`, bytes };
}

const context = (escoPackage: string | null) => routeContext('esco-skills', routes(), { escoPackage });

/** The v1.2.1 package both the reading test and the pipeline's read it through: one set of bytes. */
const v12 = escoPackage('1.2.1');
const v12Sha256 = createHash('sha256').update(v12.bytes).digest('hex');
/**
 * Each source's parse of that package, made by the test that reads the files from inside it; the
 * pipeline reading the same bytes over HTTPS is given it rather than parsing the package again
 * (the three sources' parse through the pipeline's worker is the next suite's, from the v1.1.1 zips).
 */
const parsedV12 = new Map<string, Promise<unknown>>();
function parsingV12Once<T extends AnySourceDescriptor>(source: T): T {
  return {
    ...source,
    parse(file: UpstreamFile, ref: ReleaseRef, companions: UpstreamFile[]) {
      const parsed = file.sha256 === v12Sha256 ? parsedV12.get(source.key) : undefined;
      return parsed ?? source.parse(file, ref, companions);
    },
  };
}

describe('ESCO from the package the operator configures (LMI_ESCO_PACKAGE)', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'lmi-esco-'));
  const local = path.join(folder, v12.name);
  writeFileSync(local, v12.bytes);

  it("reads the Commission's own v1.1.1 download addresses when nothing is configured", async () => {
    // The addresses as the public copy's README gives them (its zips' MD5s match): LAYOUTS.md Part 2 §1.0.
    const en =
      'https://ec.europa.eu/esco/download/ESCO%20dataset%20-%20v1.1.1%20-%20classification%20-%20en%20-%20csv.zip';
    const relations =
      'https://ec.europa.eu/esco/download/ESCO%20dataset%20-%20v1.1.1%20-%20classification%20-%20%20-%20csv.zip';
    assert.deepEqual([escoDownloadUrl('en'), escoDownloadUrl('relations')], [en, relations]);
    const found = async (source: AnySourceDescriptor) => (await source.discover!(context(null))).releases;
    const [skills] = await found(escoSkillsSource);
    assert.deepEqual(skills!.location, { mirrorPath: 'esco/skills_en.csv.gz', url: en, member: 'skills_en.csv' });
    assert.equal(skills!.label, 'ESCO v1.1.1: ESCO skills (English)');
    const [occupations] = await found(escoOccupationsSource);
    assert.deepEqual([occupations!.location.url, occupations!.location.member], [en, 'occupations_en.csv']);
    const [pairs] = await found(escoOccupationSkillsSource);
    assert.deepEqual([pairs!.location.url, pairs!.location.member], [relations, 'occupationSkillRelations.csv']);
    assert.ok([escoSkillsSource, escoOccupationsSource].every((s) => s.tier === 'api'));
  });

  it('refuses a web page answered in place of the package, naming it', async () => {
    const [release] = (await escoSkillsSource.discover!(context(null))).releases;
    const page = new TextEncoder().encode('<!DOCTYPE html><html><body>Download ESCO</body></html>');
    await assert.rejects(
      escoSkillsSource.parse({ uri: '', bytes: page, sha256: '' }, release!, []),
      /answered an HTML page, not ESCO's CSV package/,
    );
  });

  it("names the package's entry by the version its name states: _en.csv from 1.2, 1.1.1's relations without", async () => {
    assert.equal(escoVersionOf('ESCO dataset - v1.2.1 - classification - en - csv.zip'), '1.2.1');
    const url =
      'https://esco.example.org/packages/ESCO%20dataset%20-%20v1.1.1%20-%20classification%20-%20en%20-%20csv.zip';
    const [old] = (await escoOccupationSkillsSource.discover!(context(url))).releases;
    assert.deepEqual(old!.location, {
      mirrorPath: 'esco/occupationSkillRelations.csv.gz',
      url,
      member: 'occupationSkillRelations.csv',
    });
    assert.equal(old!.label, 'ESCO v1.1.1: ESCO occupation-skill relations');
    const [fresh] = (await escoOccupationSkillsSource.discover!(context(local))).releases;
    assert.equal(fresh!.location.member, 'occupationSkillRelations_en.csv');
    assert.equal(fresh!.location.builtPath, local);
    assert.match(fresh!.fingerprint!, /csv\.zip \d+ /);
  });

  it("reads each file from inside the package, labelled with the package's version", async () => {
    for (const source of [
      escoOccupationsSource,
      escoSkillsSource,
      escoOccupationSkillsSource,
    ] as AnySourceDescriptor[]) {
      const [release] = (await source.discover!(context(local))).releases;
      const parsing = source.parse({ uri: release!.location.url, bytes: v12.bytes, sha256: v12Sha256 }, release!, []);
      parsedV12.set(source.key, parsing);
      const parsed = await parsing;
      assert.ok((parsed as unknown[]).length > 2000, `${source.key}: ${(parsed as unknown[]).length} rows`);
      assert.match(source.labelOf!(parsed), /^ESCO v1\.2\.1: ESCO /);
    }
    const old = escoPackage('1.1.1');
    const [release] = (await escoOccupationSkillsSource.discover!(context(`https://e.example/${old.name}`))).releases;
    const relations = await escoOccupationSkillsSource.parse({ uri: '', bytes: old.bytes, sha256: '' }, release!, []);
    assert.equal(relations.length, 123_855);
  });

  it('refuses a package without the file', async () => {
    const [release] = (await escoSkillsSource.discover!(context(local))).releases;
    const empty = zipSync({ 'x/occupations_en.csv': mirrorCsv('occupations_en.csv') });
    await assert.rejects(
      escoSkillsSource.parse({ uri: '', bytes: empty, sha256: '' }, release!, []),
      /the package has no skills_en\.csv/,
    );
  });
});

/**
 * Where the package is read from is decided above the store; what the three sources stage is the
 * same on both dialects, which the template build shows on every run (it ingests the mirror's ESCO
 * into SQLite and PostgreSQL through the same pipeline) and test/store/database.parity.test.ts
 * compares row by row. So these ingests run on the embedded default (`DIALECTS_ABOVE_STORE`).
 */
for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`ESCO read from a configured package through the pipeline (${dialect})`, () => {
    let double: PublisherDouble;
    let store: TestStore;
    // ESCO e-mails a link: the operator keeps the package at an address of their own (here one the double's certificate names).
    const remote = `https://raw.githubusercontent.com/operator/esco/main/${encodeURIComponent(v12.name)}`;
    before(async () => {
      double = await startPublisherDouble();
      store = await openTestStore(dialect);
      double.publish(remote, { body: Buffer.from(v12.bytes), contentType: 'application/zip' });
    });
    after(async () => {
      await double.stop();
      await store.dispose();
    });

    it('publishes the three ESCO sources from one https:// package', async () => {
      const results = await ingestFromDouble(double, {
        store,
        sources: [escoOccupationsSource, escoSkillsSource, escoOccupationSkillsSource].map(parsingV12Once),
        discovery: { escoPackage: remote, ncsIntervalMs: 0 },
      });
      assert.deepEqual(
        results.map((r) => [r.sourceKey, r.outcome, r.message]),
        [
          ['esco-occupations', 'published', null],
          ['esco-skills', 'published', null],
          ['esco-occupation-skills', 'published', null],
        ],
      );
      const current = (await listCurrentEditions(store.db)).filter((e) => e.sourceKey.startsWith('esco-'));
      assert.ok(current.every((e) => e.label.startsWith('ESCO v1.2.1: ') && e.sourceUri === remote));
    });
  });
}

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`ESCO read from the Commission's download addresses with nothing configured (${dialect})`, () => {
    let double: PublisherDouble;
    let store: TestStore;
    const sources = [escoOccupationsSource, escoSkillsSource, escoOccupationSkillsSource];
    before(async () => {
      double = await startPublisherDouble();
      store = await openTestStore(dialect);
      for (const [url, response] of escoRoutes())
        double.publish(url, { body: Buffer.from(response.body as Uint8Array), contentType: response.contentType });
    });
    after(async () => {
      await double.stop();
      await store.dispose();
    });
    const ingest = () =>
      ingestFromDouble(double, { store, sources, discovery: { escoPackage: null, ncsIntervalMs: 0 } });

    it('publishes the three sources from the two v1.1.1 zips, each named by the version', async () => {
      const results = await ingest();
      assert.deepEqual(
        results.map((r) => [r.sourceKey, r.outcome]),
        sources.map((s) => [s.key, 'published']),
      );
      const current = (await listCurrentEditions(store.db)).filter((e) => e.sourceKey.startsWith('esco-'));
      assert.deepEqual(current.map((e) => [e.sourceKey, e.sourceUri]).sort(), [
        ['esco-occupation-skills', escoDownloadUrl('relations')],
        ['esco-occupations', escoDownloadUrl('en')],
        ['esco-skills', escoDownloadUrl('en')],
      ]);
      assert.ok(current.every((e) => e.label.startsWith('ESCO v1.1.1: ')));
      assert.match(current.find((e) => e.sourceKey === 'esco-occupation-skills')!.label, /123,855 relations/);
    });

    it('a 404 or a web page at the address fails that source; the release read before keeps serving', async () => {
      const before = await listCurrentEditions(store.db);
      double.withdraw(escoDownloadUrl('relations'));
      double.publish(escoDownloadUrl('en'), {
        body: '<!DOCTYPE html><html><body>The page you requested is not available</body></html>',
        contentType: 'text/html',
      });
      const results = await ingest();
      const byKey = Object.fromEntries(results.map((r) => [r.sourceKey, r]));
      assert.equal(byKey['esco-occupation-skills']!.outcome, 'failed');
      assert.match(JSON.stringify(byKey['esco-occupation-skills']), /404/);
      for (const key of ['esco-occupations', 'esco-skills']) {
        assert.equal(byKey[key]!.outcome, 'quarantined', key);
        assert.match(JSON.stringify(byKey[key]), /answered an HTML page/);
      }
      const after = await listCurrentEditions(store.db);
      const ids = (list: typeof before) =>
        list
          .filter((e) => e.sourceKey.startsWith('esco-'))
          .map((e) => e.id)
          .sort();
      assert.deepEqual(ids(after), ids(before));
    });
  });
}
