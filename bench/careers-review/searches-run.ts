/**
 * The adviser-judged searches of the review set, per kind (everyday, plain-English, slang/modern):
 * right, acceptable, wrong and confident wrong (first answer wrong at confidence >= 0.5), asked of
 * the app serving a copy of the test template (SQLite; needs the templates: `npx tsx
 * test/build-templates.ts`).
 *
 *   npm run bench:careers-search            (--wrong lists every wrong search)
 */
import { percentText } from '../../src/domain/numbers.js';
import { servedFromTemplate } from '../../test/helpers/served-app.js';
import { CONFIDENT, SEARCH_KINDS, searchJudgments, searchOutcomes, wrongLine } from './searches.js';

const served = await servedFromTemplate('sqlite');
try {
  const ask = async (path: string) => {
    const res = await served.get(path);
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json<unknown>();
  };
  const codes = [...new Set(searchJudgments().map((j) => j.code))];
  const outcomes = await searchOutcomes(ask, codes);
  console.log(`adviser-judged searches: ${codes.length} unit groups, ${outcomes.length} searches`);
  console.log('kind      searches  right  acceptable  wrong  right+acceptable  confident wrong (>= ' + CONFIDENT + ')');
  for (const kind of [...SEARCH_KINDS, 'all'] as const) {
    const of = outcomes.filter((o) => kind === 'all' || o.judgment.kind === kind);
    const n = (v: string) => of.filter((o) => o.verdict === v).length;
    const fair = n('right') + n('acceptable');
    const confident = of.filter((o) => o.confidentWrong).length;
    console.log(
      `${kind.padEnd(9)} ${String(of.length).padStart(8)} ${String(n('right')).padStart(6)} ${String(n('acceptable')).padStart(11)} ${String(n('wrong')).padStart(6)} ${percentText(fair / of.length, 1).padStart(17)} ${`${confident} (${percentText(confident / of.length, 1)})`.padStart(16)}`,
    );
  }
  if (process.argv.includes('--wrong'))
    for (const o of outcomes.filter((o) => o.verdict === 'wrong')) console.log(wrongLine(o));
} finally {
  await served.close();
}
