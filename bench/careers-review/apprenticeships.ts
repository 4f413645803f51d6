/**
 * The apprenticeships item of the careers-adviser review (issue 46): each unit group's page
 * (GET /v1/occupations/{soc}/apprenticeships, the standards shown by default) scored against
 * `judgments/apprenticeships.json`. Items are the first SHOWN standards of a page, judged right,
 * acceptable or wrong; an `expected` entry names the obvious approved standard(s) a page should
 * show, and one not shown, or shown with an unknown status, is "obvious approved standard
 * missing" (the issue's target: at most 5% where the releases hold it). Evaluation only.
 */
import { readFileSync } from 'node:fs';
import type { ReviewItemScore, ReviewScorer } from './score.js';

/** The top of a page: the standards a reader sees first. */
const SHOWN = 5;

interface ItemJudgment {
  code: string;
  item: string;
  label: string;
  verdict: 'right' | 'acceptable' | 'wrong';
  reason: string;
}
interface ExpectedJudgment {
  code: string;
  expected: string[];
  reason: string;
}
interface Page {
  occupations?: { code: string; name: string; status: string; match: string }[];
}

const judgments = JSON.parse(readFileSync(new URL('judgments/apprenticeships.json', import.meta.url), 'utf8')) as (
  ItemJudgment | ExpectedJudgment
)[];

/** Counts of the expected standards: how many the pages should show, and which they miss. */
interface ExpectedScore {
  expected: number;
  missing: string[];
}

export const scoreApprenticeships: ReviewScorer & { expected?: ExpectedScore } = async (ask, codes) => {
  const verdicts = new Map<string, ItemJudgment>();
  const expected = new Map<string, ExpectedJudgment>();
  for (const j of judgments)
    if ('item' in j) verdicts.set(`${j.code} ${j.item}`, j);
    else expected.set(j.code, j);
  const score: ReviewItemScore = {
    kind: 'apprenticeships',
    right: 0,
    acceptable: 0,
    wrong: 0,
    unjudged: [],
    wrongPages: [],
    lines: [],
  };
  const missed: string[] = [];
  let expectedCount = 0;
  for (const code of codes) {
    const page = (await ask(`/v1/occupations/${code}/apprenticeships`)) as Page;
    const shown = page.occupations ?? [];
    let wrongHere = false;
    for (const o of shown.slice(0, SHOWN)) {
      const j = verdicts.get(`${code} ${o.code}`);
      if (!j) score.unjudged.push(`${code} ${o.code} ${o.name}`);
      else {
        score[j.verdict]++;
        if (j.verdict === 'wrong') {
          wrongHere = true;
          score.lines.push(`wrong   ${code} ${o.code} ${o.name}: ${j.reason}`);
        }
      }
    }
    for (const want of expected.get(code)?.expected ?? []) {
      expectedCount++;
      const o = shown.find((s) => s.code === want);
      if (o && !/^unknown/i.test(o.status)) continue;
      wrongHere = true;
      missed.push(`${code} ${want}`);
      score.lines.push(`missing ${code} ${want}${o ? ` (shown with status "${o.status.slice(0, 40)}...")` : ''}`);
    }
    if (wrongHere) score.wrongPages.push(code);
  }
  score.lines.push(
    `obvious approved standard missing: ${missed.length} of ${expectedCount} (${((100 * missed.length) / Math.max(1, expectedCount)).toFixed(1)}%)`,
  );
  scoreApprenticeships.expected = { expected: expectedCount, missing: missed };
  return score;
};
