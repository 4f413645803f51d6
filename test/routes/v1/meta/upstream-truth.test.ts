import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { SOURCE_KEYS } from '../../../../src/domain/sources.js';
import { SOURCES } from '../../../../src/ingest/registry.js';
import { mirrorUpstream } from '../../../../src/ingest/upstream.js';
import { Meta } from '../../../../src/queries/meta/index.js';
import type { SourceResponse } from '../../../../src/schemas/meta.js';
import { servicesForSuite } from '../../../helpers/composition-root.js';
import { DIALECTS_ABOVE_STORE } from '../../../helpers/stores.js';
import { UPSTREAM_DIR } from '../../../helpers/upstream.js';

/**
 * What /v1/meta/sources says of how each source reaches the service, checked for every source of
 * the registry in both modes against what is true: in the mirror, whether the source's own
 * `detect` finds a release there to read; at the publishers, whether it follows a surface and
 * has a parser for what it finds.
 */

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`/v1/meta/sources tells the truth about every source (${dialect})`, () => {
    const suite = servicesForSuite(dialect);
    /** Each source's releases in the real mirror, found by its own detect. */
    const inMirror = new Map<string, number>();
    before(async () => {
      const mirror = mirrorUpstream(UPSTREAM_DIR);
      for (const source of SOURCES) inMirror.set(source.key, (await source.detect(mirror)).length);
    });
    const sources = async (mode: 'mirror' | 'publishers') =>
      new Map(
        (await new Meta(suite.store.db, suite.services.currentEditions, mode).sources()).map(
          (s): [string, SourceResponse] => [s.key, s],
        ),
      );

    it('with the mirror: read only where the mirror holds a release the source reads', async () => {
      const said = await sources('mirror');
      assert.deepEqual([...said.keys()].sort(), [...SOURCE_KEYS].sort());
      for (const source of SOURCES) {
        const { upstream } = said.get(source.key)!;
        const readable = inMirror.get(source.key)! > 0;
        assert.equal(upstream.mode, 'mirror', source.key);
        assert.equal(upstream.reads, readable, `${source.key}: ${upstream.description}`);
        assert.match(
          upstream.description,
          readable ? /^Read from the local mirror/ : /^Not read: the local mirror .* holds nothing of this source/,
          source.key,
        );
        if (!readable)
          assert.match(
            upstream.description,
            !source.discover
              ? /No surface of .* is followed for it either\.$/
              : source.detectOnly
                ? /found at .* and named, not read/
                : /found and read at /,
            source.key,
          );
      }
    });

    it('reading the publishers: read only where a surface is followed and a parser reads what it finds', async () => {
      const said = await sources('publishers');
      assert.deepEqual([...said.keys()].sort(), [...SOURCE_KEYS].sort());
      for (const source of SOURCES) {
        const { upstream } = said.get(source.key)!;
        const readable = inMirror.get(source.key)! > 0;
        if (!source.discover) {
          assert.deepEqual([upstream.mode, upstream.reads], ['none', false], source.key);
          assert.match(
            upstream.description,
            readable
              ? /only a mirror of its files .* provides it/
              : /no mirror .* holds a release of it: nothing provides it yet/,
            source.key,
          );
        } else {
          assert.equal(upstream.mode, 'publishers', source.key);
          assert.equal(upstream.reads, !source.detectOnly, `${source.key}: ${upstream.description}`);
          assert.match(
            upstream.description,
            source.detectOnly ? /not read: this service has no parser/ : /^Found and read at /,
          );
        }
      }
      assert.equal(said.get('occupations-in-demand')!.upstream.reads, true);
    });

    it('never says a source with no parser is read, in either mode', async () => {
      const [mirror, publishers] = [await sources('mirror'), await sources('publishers')];
      const noParser: string[] = [];
      for (const source of SOURCES) {
        const refusal = await Promise.resolve()
          .then(() =>
            source.parse(
              { uri: 'test:', bytes: new Uint8Array(), sha256: '' },
              { label: '', seriesKey: null, location: { mirrorPath: 'x/y', url: 'https://example.org/' } },
              [],
            ),
          )
          .then(
            () => '',
            (error: Error) => error.message,
          );
        if (!/has been available to build its parser/.test(refusal)) continue;
        noParser.push(source.key);
        assert.equal(mirror.get(source.key)!.upstream.reads, false, source.key);
        assert.equal(publishers.get(source.key)!.upstream.reads, false, source.key);
      }
      assert.ok(noParser.includes('t-levels'), noParser.join(', '));
      assert.ok(!noParser.includes('occupations-in-demand'));
    });
  });
}
