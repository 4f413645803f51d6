import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ncsContentExportSource } from '../../../../../src/ingest/sources/ncs/ncs-content-export-2020/descriptor.js';
import {
  contentFiles,
  RECIPES_LISTING,
} from '../../../../../src/ingest/sources/ncs/ncs-content-export-2020/repository.js';
import { listEditions } from '../../../../../src/store/editions.js';
import { ingestFromDouble } from '../../../../helpers/publisher-double/ingest.js';
import { exportRepositoryRoutes } from '../../../../helpers/publisher-double/routes-github.js';
import { bodyOf, routes } from '../../../../helpers/publisher-double/routes.js';
import { startPublisherDouble, type PublisherDouble } from '../../../../helpers/publisher-double/server.js';
import { openTestStore, type TestStore } from '../../../../helpers/stores.js';

const listing = () =>
  JSON.parse(
    new TextDecoder().decode(bodyOf(routes(exportRepositoryRoutes()).get(RECIPES_LISTING.replace('https://', ''))!)),
  ) as unknown;

describe("the NCS 2020 export from DfE's repository on GitHub (contents API at the pinned commit)", () => {
  it("takes the import set's job-profile files, not its ESCO files, another set's or a folder", () => {
    const files = contentFiles(listing());
    assert.equal(files.length, 58);
    assert.equal(files[0]!.name, '179. QCFLevels0_79e9f26d-6152-4246-9dc1-3f7d289acb59.recipe.json');
    assert.ok(files.every((f) => !/Create|1910c1be/.test(f.name)));
    assert.throws(() => contentFiles({ message: 'API rate limit exceeded' }), /not a contents listing/);
  });

  describe('through the pipeline, with no mirror', () => {
    let double: PublisherDouble;
    let store: TestStore;
    before(async () => {
      double = await startPublisherDouble();
      double.publishAll(routes(exportRepositoryRoutes()));
      store = await openTestStore('sqlite');
    });
    after(async () => {
      await double.stop();
      await store.dispose();
    });

    it('reads the 58 files from raw.githubusercontent.com as one release, then finds it unchanged', async () => {
      const [first] = await ingestFromDouble(double, { store, sources: [ncsContentExportSource] });
      assert.equal(first!.outcome, 'published', JSON.stringify(first));
      const [edition] = await listEditions(store.db, 'ncs-content-export-2020');
      assert.equal(edition!.label, 'National Careers Service job profile content, November 2020');
      assert.match(
        edition!.sourceUri,
        /^https:\/\/raw\.githubusercontent\.com\/SkillsFundingAgency\/dfc-servicetaxonomy-editor\/ff98e78df5bf[0-9a-f]{28}\/DFC\.ServiceTaxonomy\.Editor\/Recipes\/179\.%20QCFLevels0_/,
      );
      const mark = double.log.length;
      const [again] = await ingestFromDouble(double, { store, sources: [ncsContentExportSource] });
      assert.equal(again!.outcome, 'unchanged');
      assert.deepEqual(
        double.since(mark).map((r) => r.host),
        ['api.github.com'],
        'only the listing is asked again',
      );
    });
  });
});
