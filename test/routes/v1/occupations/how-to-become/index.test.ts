import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../../../../helpers/served-app.js';
import { DIALECTS } from '../../../../helpers/stores.js';
import { copyTemplate, withdrawSources } from '../../../../helpers/template-databases.js';
import { appForSuite } from '../../../../helpers/composition-root.js';

const NCS_ATTRIBUTION =
  'Contains public sector information from the National Careers Service licensed under the Open Government Licence v3.0.';
const EXPORT_EDITION = 'National Careers Service job profile content, November 2020';

interface Profile {
  slug: string;
  title: string;
  match: string;
  routes: {
    kind: string;
    blocks: { heading: string | null; parts: { text: string | null; items: string[] | null }[] }[];
  }[];
  contentNote: string;
  provenance: { edition: string };
}

for (const dialect of DIALECTS) {
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

    it('lists profiles matched by their own title before those matched by an alternative title', async () => {
      const body = (await served.get('/v1/occupations/6134/how-to-become')).json();
      const matches = (body.profiles as Profile[]).map((p) => p.match);
      assert.ok(matches.includes('alternative title') && matches.includes('title'));
      assert.deepEqual(
        matches,
        [...matches].sort((a, b) => (a === b ? 0 : a === 'title' ? -1 : 1)),
      );
    });

    it('leaves out profiles the 2026 sitemap no longer lists, and answers an occupation with none with no profiles', async () => {
      // "Chief executives and senior officials": no live profile's title is in its coding-index titles.
      const none = await served.get('/v1/occupations/1111/how-to-become');
      assert.equal(none.statusCode, 200);
      assert.deepEqual(none.json().profiles, []);
      assert.match(
        none.json().coverage.note,
        /562 of them are placed on at least one of 351 unit groups.*140 profiles of the 2020 export are no longer listed and are left out/,
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
