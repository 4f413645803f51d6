import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serve } from '../../../../helpers/served-app.js';
import { DIALECTS_ABOVE_STORE } from '../../../../helpers/stores.js';
import { copyTemplate, withdrawSources } from '../../../../helpers/template-databases.js';
import { appForSuite } from '../../../../helpers/composition-root.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

/** The slugs the one sitemap read of the mirror's retrieval listed. */
const SITEMAP_SLUGS = (
  JSON.parse(readFileSync(upstreamPath('ncs-job-profiles/ncs-job-profile-slugs.json'), 'utf8')) as { slugs: string[] }
).slugs;

const NCS_ATTRIBUTION =
  'Contains public sector information from the National Careers Service licensed under the Open Government Licence v3.0.';
const EXPORT_EDITION = 'National Careers Service job profile content, November 2020';

interface Profile {
  slug: string;
  title: string;
  match: string;
  placedBy: string;
  strength: string;
  confidence: number;
  evidence: {
    soc2010: { code: string; share: number } | null;
    matchedTitle: string | null;
    qualifierSupport: number | null;
    textRank: number;
    fill: boolean;
  };
  routes: {
    kind: string;
    blocks: { heading: string | null; parts: { text: string | null; items: string[] | null }[] }[];
  }[];
  contentNote: string;
  provenance: { edition: string };
}

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`how to become (${dialect})`, () => {
    const served = appForSuite(dialect);

    it('gives 2134 its profiles; Software developer has the 2026 page over the 2020 structure, and says so', async () => {
      const res = await served.get('/v1/occupations/2134/how-to-become');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.title, 'Programmers and software development professionals');
      assert.equal(body.attribution, NCS_ATTRIBUTION);
      assert.match(
        body.provenance.edition,
        /^National Careers Service job profiles, 120 pages retrieved 2026-09-28; sitemap of 737 live profiles$/,
      );
      const developer = (body.profiles as Profile[]).find((p) => p.slug === 'software-developer')!;
      assert.equal(developer.match, 'title');
      assert.deepEqual(body.profiles.find((p: Profile) => p.slug === 'software-developer').alternativeTitles, [
        'Programmer',
      ]);
      // The export's routes (university, college, apprenticeship, other routes), as the 2026 page still lists them.
      assert.deepEqual(
        developer.routes.map((r) => r.kind),
        ['university', 'college', 'apprenticeship', 'other_routes', 'more_information'],
      );
      const college = developer.routes[1]!;
      assert.equal(
        college.blocks[0]!.parts[0]!.text,
        'You could do a college course, which may lead onto more advanced qualifications or a higher apprenticeship, or help you to get a trainee position with a company. Courses include:',
      );
      // 2026 entry requirements replace 2020's ("including English, maths and computing"), under the export's lead-in.
      assert.deepEqual(college.blocks.find((b) => b.heading === 'Entry requirements')!.parts, [
        {
          text: 'You may need:',
          items: ['4 or 5 GCSEs at grades 9 to 4 (A* to C), or equivalent, including English and maths for a T Level'],
        },
      ]);
      for (const kind of ['university', 'apprenticeship'])
        assert.ok(
          developer.routes
            .find((r) => r.kind === kind)!
            .blocks.some((b) => b.heading === 'Entry requirements' && (b.parts[0]!.items?.length ?? 0) > 0),
        );
      const tips = developer.routes.at(-1)!.blocks.find((b) => b.heading === 'Career tips')!;
      assert.match(
        tips.parts[0]!.text!,
        /^You could build up your skills and knowledge using online learning resources for:/,
      );
      assert.match(developer.provenance.edition, /retrieved 2026-09-28/);
      assert.match(
        developer.contentNote,
        /retrieved 2026-09-28.*from the National Careers Service job profile content, November 2020 and may have changed since/,
      );
    });

    it('serves a profile with no 2026 page from the 2020 export, never as current', async () => {
      const body = (await served.get('/v1/occupations/2134/how-to-become')).json();
      const app = (body.profiles as Profile[]).find((p) => p.slug === 'app-developer')!;
      assert.equal(app.provenance.edition, EXPORT_EDITION);
      assert.match(
        app.contentNote,
        /^National Careers Service job profile content, November 2020: not the current page/,
      );
      assert.doesNotMatch(JSON.stringify(body), /\u00ab|c#:|<\/?(?:p|a|ul|li|script)\b/);
    });

    it("orders a unit group's profiles by the strength of their evidence, and says what each rests on", async () => {
      const body = (await served.get('/v1/occupations/6134/how-to-become')).json();
      const confidences = (body.profiles as Profile[]).map((p) => p.confidence);
      assert.ok(confidences.length > 0);
      assert.deepEqual(
        confidences,
        [...confidences].sort((a, b) => b - a),
      );
      assert.match(body.derivation, /from their SOC 2010 code, their titles in the ONS coding index and their text/);
      assert.equal(body.method, '/docs/methods/how-to-become.md#how-profiles-are-placed');
      for (const p of body.profiles as Profile[]) {
        assert.ok(['strong', 'moderate', 'weak'].includes(p.strength));
        assert.ok(p.evidence.textRank >= 1);
        // A qualified entry the profile does not support never places it.
        if (p.placedBy === 'title' || p.placedBy === 'alternative title')
          assert.ok(p.evidence.qualifierSupport! >= 0.5, JSON.stringify(p.evidence));
      }
    });

    /** The unit groups each of these profiles is placed on, from the service's own view. */
    const placedOn = async (slug: string) => {
      const view = await served.services.jobProfiles.get('test');
      return [...view.bySoc].filter(([, list]) => list.some((p) => p.slug === slug)).map(([soc]) => soc);
    };

    it('places the office Cleaner in 9223 only, not in mining (8132) or chemical processing (8113)', async () => {
      assert.deepEqual(await placedOn('cleaner'), ['9223']);
      for (const soc of ['8132', '8113']) {
        const body = (await served.get(`/v1/occupations/${soc}/how-to-become`)).json();
        assert.ok(!(body.profiles as Profile[]).some((p) => p.slug === 'cleaner'), soc);
      }
      const cleaner = ((await served.get('/v1/occupations/9223/how-to-become')).json().profiles as Profile[]).find(
        (p) => p.slug === 'cleaner',
      )!;
      assert.equal(cleaner.strength, 'strong');
      assert.deepEqual(cleaner.evidence.soc2010?.code, '9233');
    });

    it('keeps police, office and therapy profiles out of groups that share only a qualified title', async () => {
      const chief = await placedOn('chief-inspector');
      assert.ok(!chief.includes('2122') && !chief.includes('3532'), chief.join(' '));
      assert.ok(chief.includes('1162'), chief.join(' '));
      assert.ok(!(await placedOn('personal-assistant')).includes('6135'));
      const counsellor = await placedOn('counsellor');
      assert.ok(!counsellor.includes('6222') && counsellor.includes('3224'), counsellor.join(' '));
    });

    it('gives 3232 Early education and childcare practitioners a fitting profile, weak and saying why', async () => {
      const body = (await served.get('/v1/occupations/3232/how-to-become')).json();
      const profiles = body.profiles as Profile[];
      assert.ok(profiles.length > 0);
      const nursery = profiles.find((p) => p.slug === 'nursery-worker')!;
      assert.ok(nursery, profiles.map((p) => p.slug).join(' '));
      assert.equal(nursery.evidence.soc2010?.code, '6121');
      assert.ok((nursery.evidence.soc2010?.share ?? 0) > 0);
    });

    it('keeps a profile one sitemap read missed (no page said it is gone): chief executive on 1111', async () => {
      const res = await served.get('/v1/occupations/1111/how-to-become');
      assert.equal(res.statusCode, 200);
      const profiles = res.json().profiles as Array<{ slug: string; match: string | null; placedBy: string }>;
      assert.deepEqual(
        profiles.map((p) => [p.slug, p.match, p.placedBy]),
        [['chief-executive', 'title', 'title']],
      );
      assert.ok(!SITEMAP_SLUGS.includes('chief-executive'));
      assert.match(
        res.json().coverage.note,
        /135 profiles of the 2020 export were not in the sitemap read; their pages have not said they are gone, so they are kept/,
      );
      const unknown = await served.get('/v1/occupations/9999/how-to-become');
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json().type, '/problems/occupation-not-found');
    });
  });
}

describe('how to become without the 2026 profiles', () => {
  it('answers 404 naming the source', async () => {
    const store = await copyTemplate('sqlite');
    await withdrawSources(store, ['ncs-job-profiles']);
    const served = await serve(store);
    try {
      const res = await served.get('/v1/occupations/2134/how-to-become');
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().source, 'ncs-job-profiles');
    } finally {
      await served.close();
    }
  });
});
