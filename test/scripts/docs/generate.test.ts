import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generatedPages, REPO_ROOT } from '../../../scripts/docs/generate.js';
import { markdownTable, plainText, replaceGenerated } from '../../../scripts/docs/markers.js';
import { sourceFolder } from '../../../scripts/docs/source-table.js';
import { SOURCES } from '../../../src/ingest/registry.js';

describe('the generated tables of the docs (scripts/docs/generate.ts)', () => {
  it('are committed as `npm run docs:generate` writes them (run it when this fails)', async () => {
    for (const { page, committed, generated } of await generatedPages())
      assert.equal(committed, generated, `${page} differs from its generated tables: run \`npm run docs:generate\``);
  });

  it("finds every registered source's folder", () => {
    const folders = new Map(SOURCES.map((s) => [s.key, sourceFolder(REPO_ROOT, s.key)]));
    assert.equal(folders.get('ashe-table14'), 'src/ingest/sources/ons/ashe-table14');
    assert.equal(folders.get('lmsp-wales'), 'src/ingest/sources/dfe/lmsp-other-areas');
    assert.equal(folders.get('home-office-work-visas'), 'src/ingest/sources/home-office/sponsored-work-visas');
  });

  it('replaces only what lies between a pair of markers, and refuses a page without them', () => {
    const page = 'before\n<!-- generated:t -->\nold\n<!-- /generated:t -->\nafter\n';
    assert.equal(
      replaceGenerated(page, 't', 'new\n'),
      'before\n<!-- generated:t -->\nnew\n<!-- /generated:t -->\nafter\n',
    );
    assert.throws(() => replaceGenerated('no markers', 't', 'x'), /generated:t/);
  });

  it('writes plain text into table cells as text, never as emphasis, HTML or a second column', () => {
    assert.equal(plainText('O*NET page -> db_<M>_<m>_text.zip'), 'O\\*NET page -\\> db\\_\\<M\\>\\_\\<m\\>\\_text.zip');
    assert.equal(markdownTable(['a'], [['x | y']]), '| a |\n|---|\n| x \\| y |');
  });
});
