/**
 * `npm run bench:careers-review`: the occupation pages as a reader sees them, scored against a
 * careers adviser's judgments (issue 46; bench/README.md "Careers review"). For each unit group
 * of bench/careers-review/unit-groups.json, every scorer of bench/careers-review/scorers.ts asks
 * the app (in-process, over a copy of the SQLite test template) for the page's items and counts
 * them right, acceptable, wrong or not yet judged; a page has nothing wrong when no item of any
 * kind on it is judged wrong. `--unjudged` lists the items shown that have no judgment (judge
 * them: the set measures, it is never tuned against); `--codes=2237,6112` scores only those; `--sheets` prints their review sheets
 * (`lmi review`) instead.
 */
import { readFileSync } from 'node:fs';
import { reviewSheet, sheetText } from '../src/cli/review-sheet.js';
import { servedFromTemplate } from '../test/helpers/served-app.js';
import { SCORERS } from './careers-review/scorers.js';

const set = JSON.parse(readFileSync(new URL('./careers-review/unit-groups.json', import.meta.url), 'utf8')) as {
  unitGroups: Array<{ code: string }>;
};
const only = process.argv.find((a) => a.startsWith('--codes='))?.slice('--codes='.length);
const codes = only ? only.split(',') : set.unitGroups.map((u) => u.code);

const app = await servedFromTemplate('sqlite');
try {
  if (process.argv.includes('--sheets')) {
    for (const code of codes) console.log(`${sheetText(await reviewSheet(app.services, code))}\n`);
    process.exit(0);
  }
  const ask = async (path: string) => JSON.parse((await app.get(path)).body) as unknown;
  const scores = [];
  for (const scorer of SCORERS) scores.push(await scorer(ask, codes));
  const pct = (n: number, of: number) => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);
  console.log(`careers review: ${codes.length} unit groups\n`);
  console.log('kind          right  acceptable  wrong  unjudged  wrong share of judged');
  for (const s of scores) {
    const judged = s.right + s.acceptable + s.wrong;
    console.log(
      `${s.kind.padEnd(12)} ${String(s.right).padStart(6)} ${String(s.acceptable).padStart(11)} ${String(s.wrong).padStart(6)} ${String(s.unjudged.length).padStart(9)}  ${pct(s.wrong, judged)}`,
    );
    for (const line of s.lines) console.log(`  ${line}`);
  }
  const wrongPages = new Set(scores.flatMap((s) => s.wrongPages));
  const unjudgedPages = new Set(scores.flatMap((s) => s.unjudged.map((u) => u.split('\t')[0]!)));
  const fullyJudged = codes.filter((c) => !unjudgedPages.has(c));
  const clean = fullyJudged.filter((c) => !wrongPages.has(c)).length;
  console.log(
    `\npages with nothing wrong: ${clean} of ${fullyJudged.length} fully judged (${pct(clean, fullyJudged.length)}); ${codes.length - fullyJudged.length} pages have unjudged items`,
  );
  if (process.argv.includes('--unjudged'))
    for (const s of scores) for (const u of s.unjudged) console.log(`unjudged ${s.kind}\t${u}`);
} finally {
  await app.close();
}
