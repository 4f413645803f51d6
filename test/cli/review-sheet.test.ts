import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { reviewSheet, sheetsHtml, sheetText, type ReviewSheet } from '../../src/cli/review-sheet.js';
import { servedFromTemplate, type ServedApp } from '../helpers/served-app.js';

describe('lmi review: a unit group sheet on the real data', () => {
  let app: ServedApp;
  let sheet: ReviewSheet;
  before(async () => {
    app = await servedFromTemplate('sqlite');
    sheet = await reviewSheet(app.services, '5313');
  });
  after(() => app.close());

  it('holds every section, each with what the API serves and the evidence behind it', async () => {
    const sections = new Map(sheet.sections.map((s) => [s.heading.split(' ')[0]!, s.lines]));
    assert.deepEqual([...sections.keys()], ['skills', 'work', 'NCS', 'apprenticeship', 'moves', 'search']);
    for (const [heading, lines] of sections) assert.ok(!lines[0]!.startsWith('(none'), `${heading}: ${lines[0]}`);
    const skills = (await app.services.skills.skills('5313', null, 5)).skills.map((s) => s.skillTitle);
    assert.deepEqual(
      sections
        .get('skills')!
        .slice(0, 5)
        .map((l) => l.replace(/^\d\. (.*) \(score .*$/, '$1')),
      skills,
    );
    assert.match(
      sections.get('skills')!.join('\n'),
      /from bricklayer: weight [\d.]+, closeness [\d.]+; named by Bricklayer/,
    );
    assert.match(sections.get('NCS')![0]!, /^1\. bricklayer: Bricklayer \(title "Bricklayer"; strong; /);
    assert.match(sections.get('apprenticeship')![0]!, /^ST0095 Bricklayer, level 2: primary/);
    assert.equal(sections.get('moves')!.length, 5);
    assert.match(sections.get('search')!.join('\n'), /"Bricklayer" -> 5313 exact 1 via "Bricklayer"/);
    const text = sheetText(sheet);
    assert.ok(text.startsWith('== 5313 Bricklayers\n-- skills'));
    assert.ok(text.split('\n').length <= 40, 'one screen per group');
  });

  it('says why a section is empty, in the words of the 404, instead of failing', async () => {
    const none = await reviewSheet(app.services, '5443');
    assert.match(none.sections[0]!.lines[0]!, /^\(none: .*ISCO-08 group 7549/);
  });

  it('writes the sheets as one static HTML page, upstream text escaped', () => {
    const page = sheetsHtml([{ ...sheet, title: 'Bricklayers <b>' }]);
    assert.match(page, /<h2>5313 Bricklayers &lt;b&gt;<\/h2>/);
    assert.match(page, /<a href="#g5313">5313<\/a>/);
  });
});
