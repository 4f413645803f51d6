/**
 * The careers-review scorer's one interface (issue 46): each item kind (skills, twins, moves,
 * profiles, and the searches, apprenticeships and vacancies others add) is a module that asks the
 * API for the listed unit groups' page items and scores them against the adviser's judgments.
 */
import { readFileSync } from 'node:fs';

export interface ReviewItemScore {
  kind: string;
  right: number;
  acceptable: number;
  wrong: number;
  /** `code item label` of each item shown that has no judgment yet: judge these too. */
  unjudged: string[];
  /** The unit groups with at least one item judged wrong. */
  wrongPages: string[];
  /** Anything else the kind reports, a line each. */
  lines: string[];
}

export type ReviewScorer = (ask: (path: string) => Promise<unknown>, codes: string[]) => Promise<ReviewItemScore>;

type Verdict = 'right' | 'acceptable' | 'wrong';

interface Judgment {
  code: string;
  item: string;
  label: string;
  verdict: Verdict;
  reason: string;
}

/** A kind's judgments, keyed `code|item`. */
function judgments(kind: string): Map<string, Judgment> {
  const url = new URL(`./judgments/${kind}.json`, import.meta.url);
  const entries = JSON.parse(readFileSync(url, 'utf8')) as Judgment[];
  return new Map(entries.map((j) => [`${j.code}|${j.item}`, j]));
}

/** What a page shows of one kind: each item's stable identity and its label. */
type PageItems = (
  ask: (path: string) => Promise<unknown>,
  code: string,
) => Promise<Array<{ item: string; label: string }>>;

/** A scorer of the items a page shows against the kind's judgments file. */
export function judgedScorer(kind: string, itemsOf: PageItems): ReviewScorer {
  return async (ask, codes) => {
    const judged = judgments(kind);
    const score: ReviewItemScore = { kind, right: 0, acceptable: 0, wrong: 0, unjudged: [], wrongPages: [], lines: [] };
    for (const code of codes) {
      let wrongHere = false;
      for (const { item, label } of await itemsOf(ask, code)) {
        const j = judged.get(`${code}|${item}`);
        if (!j) score.unjudged.push(`${code}\t${item}\t${label}`);
        else if (j.verdict === 'wrong') {
          score.wrong += 1;
          wrongHere = true;
        } else score[j.verdict] += 1;
      }
      if (wrongHere) score.wrongPages.push(code);
    }
    return score;
  };
}

/** The body of a GET, or null for a problem (a page without the item kind shows nothing of it). */
export async function bodyOr<T>(ask: (path: string) => Promise<unknown>, path: string): Promise<T | null> {
  const body = (await ask(path)) as T & { status?: number; type?: string };
  return typeof body === 'object' && body !== null && 'type' in body && 'status' in body ? null : body;
}
