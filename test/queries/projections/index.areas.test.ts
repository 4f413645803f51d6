import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { readWorkbookSync, type Workbook } from '../../../src/ingest/formats/workbook.js';
import { ingestSources } from '../../../src/ingest/pipeline.js';
import { LMSP_OTHER_AREA_SOURCES } from '../../../src/ingest/sources/dfe/lmsp-other-areas/descriptor.js';
import { mirrorUpstream } from '../../../src/ingest/upstream.js';
import { PROJECTION_AREA_SLUGS, type ProjectionAreaSlug } from '../../../src/domain/projections.js';
import {
  NATION_WORKBOOKS,
  REGION_WORKBOOKS,
  areaWorkbook,
  type BuiltArea,
} from '../../helpers/area-projection-workbooks.js';
import { ENGLAND_FILE, occT2Cells } from '../../helpers/projection-workbooks.js';
import { DIALECTS_ABOVE_STORE } from '../../helpers/stores.js';
import { servicesForSuite } from '../../helpers/composition-root.js';
import { makeMirror } from '../../helpers/upstream.js';

const BUILT: Partial<Record<ProjectionAreaSlug, BuiltArea>> = { ...NATION_WORKBOOKS, ...REGION_WORKBOOKS };
const thousand = (thousands: number) => Math.round(thousands) * 1_000 + 0;

/** A mirror holding every other area's workbook (built), under the names the sources look for. */
function mirrorOfAreas(): string {
  const mirror = makeMirror();
  for (const area of Object.values(BUILT)) mirror.write(`lmsp-2020-2035/${area.file}`, areaWorkbook(area));
  return mirror.root;
}

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`Projections for every area of the spec, each from its own workbook (${dialect})`, () => {
    const root = servicesForSuite(dialect);
    const books = new Map<ProjectionAreaSlug, Workbook>();
    before(async () => {
      const results = await ingestSources({
        store: root.store,
        upstream: mirrorUpstream(mirrorOfAreas()),
        sources: LMSP_OTHER_AREA_SOURCES,
      });
      for (const result of results)
        assert.deepEqual(
          result.releases.map((r) => r.outcome),
          ['published'],
          `${result.sourceKey}: ${JSON.stringify(result.releases.map((r) => r.checks))}`,
        );
      root.services.currentEditions.invalidate();
      for (const [slug, area] of Object.entries(BUILT))
        books.set(slug as ProjectionAreaSlug, readWorkbookSync(areaWorkbook(area)));
    });

    it("answers all 14 areas with the area's own Occ T2 cells; the UK from the 2020-2035 round", async () => {
      for (const slug of PROJECTION_AREA_SLUGS) {
        const body = await root.services.projections.outlook('2134', slug);
        const book = slug === 'england' ? ENGLAND_FILE : books.get(slug)!;
        const cells = occT2Cells(book, '21', 2020, 2035);
        assert.equal(body.area.slug, slug);
        assert.deepEqual(
          [body.group.code, body.group.classification, body.outlook.baseYear, body.outlook.targetYear],
          ['21', 'SOC 2020', 2020, 2035],
          slug,
        );
        assert.deepEqual(
          [
            body.outlook.employmentBase,
            body.outlook.employmentTarget,
            body.outlook.netChange,
            body.outlook.totalRequirement,
          ],
          [cells.base, cells.target, cells.net, cells.total].map(thousand),
          slug,
        );
        const name = slug === 'england' ? 'England' : BUILT[slug]!.name;
        assert.ok(body.derivation.includes(`for ${name}, from `), body.derivation);
        assert.ok(!body.derivation.includes('Working Futures'), slug);
        assert.match(body.provenance.edition, new RegExp(`: ${name} main tables \\(SOC 2020 sub-major groups\\)`));
        assert.equal(
          body.provenance.source,
          `Labour market and skills projections 2020 to 2035: ${name}, by occupation (SOC 2020 sub-major groups)`,
        );
      }
    });

    it('nulls a group under 10,000 jobs in the base or target year, as the workbook says (Northern Ireland, group 63)', async () => {
      const unit = (await root.services.occupations.structure()).unitGroups.find((u) => u.code.startsWith('63'))!;
      const cells = occT2Cells(books.get('northern-ireland')!, '63', 2020, 2035);
      assert.ok(cells.base < 10 || cells.target < 10, 'the built group is under 10,000 jobs');
      const body = await root.services.projections.outlook(unit.code, 'northern-ireland');
      assert.deepEqual(
        [body.outlook.employmentBase, body.outlook.netChange, body.outlook.totalRequirement, body.outlook.presentable],
        [null, null, null, false],
      );
      const london = await root.services.projections.outlook(unit.code, 'london');
      const londonCells = occT2Cells(books.get('london')!, '63', 2020, 2035);
      assert.equal(london.outlook.presentable, londonCells.base >= 10 && londonCells.target >= 10);
    });
  });
}
