/**
 * Entry barriers between occupations, read from SOC 2020 Volume 1's "Typical entry routes and
 * associated qualifications": what a unit group's entry text says an entrant must hold (a degree in
 * a named subject, registration with a named body), and whether another group's entry text already
 * names it. A target whose requirement the source's route lacks is a new degree, not a move
 * (issue 46: paramedics were offered dentistry, optometry and podiatry). Pure functions of the text.
 */

/** What an entrant must hold: a subject's degree or a named body's registration, as the text spells it. */
export interface EntryRequirement {
  kind: 'subject' | 'body';
  name: string;
}

/** A sentence that states a requirement, not a usual or optional route. */
const REQUIRES = /\b(?:requires?|required|essential|must|necessary|pre-requisite|prerequisite|needs?)\b/i;
/** A requirement hedged ("usually requires", "some employers require") is a common route, not a barrier. */
const HEDGED =
  /\b(?:usually|normally|often|typically|may|might)\s+(?:be\s+)?(?:requir|need)|\bsome (?:employers|posts|roles|fields|jobs)\b/i;
const BODY =
  /\b(?:recognised by|approved by|accredited by|[Rr]egistration (?:as a member )?(?:with|of)|[Rr]egister(?:ed)? with|[Mm]embership of|member of|Examination of)\s+(?:the\s+)?((?:[A-Z][a-z]+|of|and|for)(?:\s+(?:[A-Z][a-z]+|of|and|for))*)/g;
const SUBJECT =
  /\bdegree(?: or equivalent)?(?: level)?(?: qualification)? in (?!order\b)([a-z][a-z' ]+?)(?=\s+(?:recognised|approved|accredited|is|and|or|from|at|that|which|may|will)\b|[,.;(]|$)/gi;
const REGISTERED_AS = /\bregistration as an? ([a-z ]+?)(?=[,.;]|$)/g;
const QUALIFYING = /\bqualifying (\w+) degree\b/g;
/** Words of a subject phrase that name no subject. */
const NOT_SUBJECTS = new Set([
  'relevant',
  'appropriate',
  'related',
  'subject',
  'field',
  'science',
  'studies',
  'equivalent',
]);

const subjectWords = (phrase: string) =>
  (phrase.toLowerCase().match(/[a-z']+/g) ?? []).filter((w) => w.length > 3 && !NOT_SUBJECTS.has(w));

/**
 * The requirements an entry text states: only where it asks for a degree at all (a licence or card
 * of a trade is not a new degree), and only from sentences that require, unhedged.
 */
export function entryRequirements(text: string | null): EntryRequirement[] {
  if (!text || !/\bdegree\b/.test(text)) return [];
  const found = new Map<string, EntryRequirement>();
  const add = (kind: EntryRequirement['kind'], name: string) => found.set(`${kind}:${name}`, { kind, name });
  for (const sentence of text.split(/(?<=[.;])\s+/)) {
    if (!(REQUIRES.test(sentence) || /\bpossess a degree in\b/.test(sentence)) || HEDGED.test(sentence)) continue;
    for (const [, body] of sentence.matchAll(BODY)) {
      const name = body!.replace(/\s+(?:of|and|for)$/, '');
      if (name.split(/\s+/).length >= 2) add('body', name);
    }
    for (const pattern of [SUBJECT, REGISTERED_AS, QUALIFYING])
      for (const [, phrase] of sentence.matchAll(pattern)) {
        const words = subjectWords(phrase!);
        if (words.length > 0) add('subject', words.join(' '));
      }
  }
  return [...found.values()];
}

/**
 * Whether a unit group's title and entry text name a requirement: a body by its name or initials
 * (Health Professions Council, HPC), a subject by the stem of each of its words (podiatry, podiatrist;
 * "occupational therapist" is not named by "physiotherapist").
 */
function names(source: string, requirement: EntryRequirement): boolean {
  if (requirement.kind === 'subject')
    return subjectWords(requirement.name).every((w) => source.includes(w.slice(0, 6)));
  if (source.includes(requirement.name.toLowerCase())) return true;
  const initials = requirement.name
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .map((w) => w[0]!.toLowerCase())
    .join('');
  return initials.length >= 3 && new RegExp(`\\b${initials}\\b`).test(source);
}

/** The first requirement of the target that the source's title and entry text do not name, or null. */
export function entryBarrier(
  source: { title: string; entryRoutes: string | null },
  target: readonly EntryRequirement[],
): EntryRequirement | null {
  const text = `${source.title} ${source.entryRoutes ?? ''}`.toLowerCase();
  return target.find((r) => !names(text, r)) ?? null;
}
