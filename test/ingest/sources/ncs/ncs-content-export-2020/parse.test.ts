import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import type { NcsContentExport } from '../../../../../src/domain/how-to-become.js';
import { checkContentExport } from '../../../../../src/ingest/sources/ncs/ncs-content-export-2020/checks.js';
import { parseRecipes } from '../../../../../src/ingest/sources/ncs/ncs-content-export-2020/parse.js';
import { RecipeContent } from '../../../../../src/ingest/sources/ncs/ncs-content-export-2020/recipes.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

const FOLDER = upstreamPath('ncs-content-export-2020/recipes');

describe('NCS content export (November 2020 recipes)', () => {
  let release: NcsContentExport;
  before(() => {
    release = parseRecipes(
      readdirSync(FOLDER)
        .filter((n) => n.endsWith('.recipe.json'))
        .map((name) => ({ name, bytes: new Uint8Array(readFileSync(`${FOLDER}/${name}`)) })),
    );
  });

  it('reads the 829 profiles and 532 standards (49 old frameworks counted, not kept), and passes its checks', () => {
    assert.equal(release.profiles.length, 829);
    assert.equal(release.standards.length, 532);
    assert.equal(release.frameworks, 49);
    assert.deepEqual(checkContentExport(release), []);
  });

  it("gives Software developer the export's structure: university, college, apprenticeship with their entry requirements, then other routes", () => {
    const profile = release.profiles.find((p) => p.slug === 'software-developer')!;
    assert.equal(
      profile.summary,
      'Software developers design, build and test computer programs for business, education and leisure services.',
    );
    assert.deepEqual(
      profile.routes.map((r) => r.kind),
      ['university', 'college', 'apprenticeship', 'other_routes', 'more_information'],
    );
    const university = profile.routes[0]!;
    assert.deepEqual(university.blocks[0], {
      heading: null,
      parts: [
        {
          text: 'You could do a foundation degree, higher national diploma or a degree in:',
          items: [
            'computer science',
            'information technology',
            'software development',
            'financial technology',
            'software engineering for business',
            'maths',
          ],
        },
      ],
    });
    assert.deepEqual(university.blocks[1], {
      heading: 'Entry requirements',
      parts: [
        {
          text: "You'll usually need:",
          items: [
            '1 or 2 A levels, or equivalent, for a foundation degree or higher national diploma',
            '2 to 3 A levels, or equivalent, for a degree',
          ],
        },
      ],
    });
    const apprenticeship = profile.routes[2]!;
    assert.deepEqual(apprenticeship.blocks.find((b) => b.heading === 'Entry requirements')!.parts[0]!.items, [
      '4 or 5 GCSEs at grades 9 to 4 (A* to C) and A levels, or equivalent, for a higher or degree apprenticeship',
    ]);
    assert.deepEqual(apprenticeship.blocks.find((b) => b.heading === 'More information')!.parts[0]!.items, [
      'equivalent entry requirements (https://www.gov.uk/what-different-qualification-levels-mean/list-of-qualification-levels)',
      'guide to apprenticeships (https://www.gov.uk/apprenticeships-guide)',
    ]);
    assert.equal(
      profile.routes[1]!.blocks.find((b) => b.heading === 'More information')!.parts[0]!.items!.at(-1),
      'search for courses (https://nationalcareers.service.gov.uk/find-a-course)',
    );
    assert.equal(profile.soc2010, '2136');
    // Evidence for placing it (issue 27): O*NET-SOC code and day-to-day tasks, in order.
    assert.equal(profile.onetSoc2010, '15-1132.00');
    assert.equal(profile.tasks.length, 7);
    assert.equal(profile.tasks[0], 'talking through requirements with the client and the development team');
    assert.deepEqual(profile.standards, ['ST0119', 'ST0116']);
  });

  it('resolves the script-expression links by display text and never keeps them, or any markup, as text', () => {
    // 3,940 link entries are expressions; 3,111 name items of the export (skills, categories, traits,
    // questions); the 829 JobProfile -> Occupation ones name ESCO occupations, a type the export lacks.
    assert.deepEqual(release.scriptLinks, { found: 3940, resolved: 3111 });
    const text = JSON.stringify(release);
    assert.doesNotMatch(text, /\u00ab|c#:|GetContentItemIdByDisplayText|<\/?(?:p|a|ul|li)\b/);
    // As NCS listed it in 2020 (Duration 42 in the file; Skills England's 2026 version says 54).
    const electrician = release.standards.find((s) => s.code === 'ST0152')!;
    assert.deepEqual(
      {
        level: electrician.level,
        route: electrician.route,
        durationMonths: electrician.durationMonths,
        status: electrician.status,
        url: electrician.url,
      },
      { level: 3, route: 'Construction', durationMonths: 42, status: null, url: null },
    );
  });
});

describe('recipe links', () => {
  const recipe = (data: object[]) => ({
    name: 'fixture.recipe.json',
    json: { steps: [{ name: 'ContentNoCache', data }] },
  });
  const category = { ContentItemId: 'cat1', ContentType: 'JobCategory', DisplayText: 'Delivery and storage' };

  it('resolves an expression by content type and display text, and returns one naming a type the export lacks as a reference', () => {
    const content = new RecipeContent([recipe([category])]);
    const field = {
      ContentItemIds: [
        '\u00abc#: await Content.GetContentItemIdByDisplayText("JobCategory", "Delivery and storage")\u00bb',
        '\u00abc#: await Content.GetContentItemIdByDisplayText("Occupation", "software developer")\u00bb',
        'cat1',
      ],
    };
    const { items, references } = content.linked(field, 'test');
    assert.deepEqual(
      items.map((i) => i.ContentItemId),
      ['cat1', 'cat1'],
    );
    assert.deepEqual(references, [{ contentType: 'Occupation', displayText: 'software developer' }]);
    assert.deepEqual(content.scriptLinks, { found: 2, resolved: 1, broken: [] });
  });

  it('refuses an id the export does not hold and an expression of another form', () => {
    const content = new RecipeContent([recipe([category])]);
    assert.throws(() => content.linked({ ContentItemIds: ['missing'] }, 'test'), /does not hold/);
    assert.throws(
      () => content.linked({ ContentItemIds: ['\u00abc#: await Content.Delete("x")\u00bb'] }, 'test'),
      /script expression of a form/,
    );
  });
});
