/**
 * Scores the search on the adviser-judged searches (judgments/searches.json): for each unit group
 * asked, its three searches (everyday, plain-English, slang/modern) through GET
 * /v1/occupations/search. Right when the first answer is in `right`, acceptable when in
 * `acceptable`, wrong otherwise (an empty answer too); a wrong first answer at confidence >= 0.5 is
 * a confident wrong answer. Evaluation only: the service never reads the judgments.
 */
import { readFileSync } from 'node:fs';
import type { ReviewItemScore, ReviewScorer } from './score.js';

export const SEARCH_KINDS = ['everyday', 'plain', 'slang'] as const;
type SearchKind = (typeof SEARCH_KINDS)[number];

/** A wrong first answer at this confidence or more is a confident wrong answer. */
export const CONFIDENT = 0.5;

interface SearchJudgment {
  code: string;
  kind: SearchKind;
  query: string;
  right: string[];
  acceptable: string[];
  reason: string;
}

interface Match {
  soc2020: string;
  matchedTitle: string;
  confidence: number;
}

type Verdict = 'right' | 'acceptable' | 'wrong';

interface SearchOutcome {
  judgment: SearchJudgment;
  first: Match | null;
  verdict: Verdict;
  confidentWrong: boolean;
}

export function searchJudgments(): SearchJudgment[] {
  const file = new URL('./judgments/searches.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { searches: SearchJudgment[] }).searches;
}

/** Every judged search of `codes`, asked and judged. */
export async function searchOutcomes(
  ask: (path: string) => Promise<unknown>,
  codes: readonly string[],
): Promise<SearchOutcome[]> {
  const wanted = new Set(codes);
  const outcomes: SearchOutcome[] = [];
  for (const judgment of searchJudgments().filter((j) => wanted.has(j.code))) {
    const answer = (await ask(`/v1/occupations/search?q=${encodeURIComponent(judgment.query)}&limit=5`)) as Match[];
    const first = answer[0] ?? null;
    const verdict: Verdict = !first
      ? 'wrong'
      : judgment.right.includes(first.soc2020)
        ? 'right'
        : judgment.acceptable.includes(first.soc2020)
          ? 'acceptable'
          : 'wrong';
    outcomes.push({
      judgment,
      first,
      verdict,
      confidentWrong: verdict === 'wrong' && (first?.confidence ?? 0) >= CONFIDENT,
    });
  }
  return outcomes;
}

/** One line per wrong search: the query, what it gave and what was right. */
export function wrongLine({ judgment, first, confidentWrong }: SearchOutcome): string {
  const given = first ? `${first.soc2020} "${first.matchedTitle}" ${first.confidence.toFixed(2)}` : 'nothing';
  return `${judgment.code} ${judgment.kind} "${judgment.query}": ${given}${confidentWrong ? ' (confident wrong)' : ''}; right ${judgment.right.join(' ')}`;
}

export const scoreSearches: ReviewScorer = async (ask, codes) => {
  const outcomes = await searchOutcomes(ask, codes);
  const count = (verdict: Verdict) => outcomes.filter((o) => o.verdict === verdict).length;
  const judged = new Set(outcomes.map((o) => o.judgment.code));
  const wrong = outcomes.filter((o) => o.verdict === 'wrong');
  const score: ReviewItemScore = {
    kind: 'search',
    right: count('right'),
    acceptable: count('acceptable'),
    wrong: wrong.length,
    unjudged: codes.filter((c) => !judged.has(c)),
    wrongPages: [...new Set(wrong.map((o) => o.judgment.code))],
    lines: [
      `confident wrong (>= ${CONFIDENT}): ${outcomes.filter((o) => o.confidentWrong).length} of ${outcomes.length}`,
      ...wrong.map(wrongLine),
    ],
  };
  return score;
};
