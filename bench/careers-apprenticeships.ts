/**
 * `npx tsx bench/careers-apprenticeships.ts [--before]`: the apprenticeships item of the
 * careers-adviser review (bench/careers-review/apprenticeships.ts) on a copy of the test template
 * (SQLite; needs the templates: `npx tsx test/build-templates.ts`). `--before` withdraws the
 * institute's January 2023 answers (`apprenticeship-standards-2023`) first: the pages as they were
 * with the 2026 list alone. Prints right/acceptable/wrong of the top five standards shown, the
 * obvious approved standards missing, and the share of pages with nothing wrong.
 */
import { readFileSync } from 'node:fs';
import { serve } from '../test/helpers/served-app.js';
import { copyTemplate, withdrawSources } from '../test/helpers/template-databases.js';
import { scoreApprenticeships } from './careers-review/apprenticeships.js';

const before = process.argv.includes('--before');
const store = await copyTemplate('sqlite');
if (before) await withdrawSources(store, ['apprenticeship-standards-2023']);
const served = await serve(store);
const { unitGroups } = JSON.parse(
  readFileSync(new URL('careers-review/unit-groups.json', import.meta.url), 'utf8'),
) as {
  unitGroups: { code: string }[];
};
const codes = unitGroups.map((u) => u.code);
const score = await scoreApprenticeships(async (path) => (await served.get(path)).json(), codes);
await served.close();

const judged = score.right + score.acceptable + score.wrong;
const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;
if (process.argv.includes('--lines')) for (const line of score.lines) console.log(line);
if (process.argv.includes('--unjudged')) for (const item of score.unjudged) console.log(`unjudged ${item}`);
const { expected, missing } = scoreApprenticeships.expected!;
console.log(`apprenticeships${before ? ' (before: the 2026 list alone)' : ''}, ${codes.length} unit groups`);
console.log(
  `top ${5} shown: ${judged} judged: right ${score.right}, acceptable ${score.acceptable}, wrong ${score.wrong} (${pct(score.wrong, judged)}); unjudged ${score.unjudged.length}`,
);
console.log(`obvious approved standard missing: ${missing.length} of ${expected} (${pct(missing.length, expected)})`);
console.log(
  `pages with nothing wrong: ${codes.length - score.wrongPages.length} of ${codes.length} (${pct(codes.length - score.wrongPages.length, codes.length)})`,
);
