/**
 * The job titles an O*NET occupation title names. O*NET titles are formal US names that pack
 * several jobs into one ("Police and Sheriff's Patrol Officers", "Detectives and Criminal
 * Investigators") or invert a qualifier ("Cooks, Restaurant", "Helpers--Carpenters"); the job-title
 * search knows jobs by the names people use, one at a time. Read from O*NET's title grammar alone
 * (commas, "and", "--", "Except"), no list of titles.
 */

const words = (text: string) => text.split(/\s+/).filter((w) => w.length > 0);

/** O*NET names jobs in the plural: a lone word that is not one ("Police", "Advertising") is a modifier, not a job. */
const namesJob = (part: string[]) => part.length > 1 || /s$/i.test(part[0] ?? '');

/**
 * "A and B C" coordinates A with B as a modifier of C ("Police and Sheriff's Patrol Officers") or
 * names two jobs ("Detectives and Criminal Investigators"); "A B and C" shares A B's modifier with
 * C ("Equal Opportunity Representatives and Officers"). Every reading is given and the search
 * decides which are titles.
 */
function coordinated(phrase: string): string[] {
  const parts = phrase.split(/\s+and\s+/i).map(words);
  if (parts.length === 1) return [phrase];
  const first = parts[0]!;
  const last = parts.at(-1)!;
  const out: string[] = [];
  parts.forEach((part, i) => {
    // A lone word after a longer first part is its head's fellow ("Officers"), not a job alone.
    const sharesFirst = i > 0 && part.length === 1 && first.length > 1;
    if (sharesFirst) out.push([...first.slice(0, -1), ...part].join(' '));
    else if (namesJob(part)) out.push(part.join(' '));
    if (i < parts.length - 1 && part.length === 1 && last.length > 1) out.push([...part, ...last.slice(1)].join(' '));
  });
  return out;
}

/**
 * The titles an O*NET title names, the title itself first, without repeats: "Education Teachers,
 * Postsecondary" gives "Postsecondary Education Teachers"; "Inspectors, Testers, Sorters,
 * Samplers, and Weighers" each of the five; ", Except ..." is dropped.
 */
export function namedTitles(title: string): string[] {
  const out = new Set<string>([title]);
  let text = title.replace(/,\s*except\b.*$/i, '').trim();
  // "Helpers--Carpenters": the helpers of carpenters.
  const dashed = /^(.+?)--(.+)$/.exec(text);
  if (dashed) text = `${dashed[2]!.trim()} ${dashed[1]!.trim()}`;
  const segments = text.split(/\s*,\s*/).filter((s) => s.length > 0);
  // "A, B, and C" (a serial comma before "and"/"or") lists jobs; otherwise "Head, Qualifier" inverts one.
  const listed = segments.length > 2 || /^(and|or)\s/i.test(segments.at(-1) ?? '');
  let phrases: string[];
  if (segments.length === 1) phrases = [text];
  else if (listed) phrases = [segments.map((s) => s.replace(/^(and|or)\s+/i, '')).join(' and ')];
  else {
    const [head, qualifier] = segments as [string, string];
    phrases = [head, ...coordinated(qualifier).map((q) => `${q} ${head}`)];
  }
  for (const phrase of phrases) for (const named of coordinated(phrase)) out.add(named);
  return [...out];
}

/**
 * The jobs an O*NET title excludes: "Refractory Materials Repairers, Except Brickmasons" is not
 * brickmasons' work, so the unit group the search places "Brickmasons" on must not take it as a
 * twin. Each listed exclusion ("Except Carpet, Wood, and Hard Tiles") is given alone.
 */
export function excludedTitles(title: string): string[] {
  const except = /,\s*except\s+(.+)$/i.exec(title)?.[1];
  if (!except) return [];
  return except
    .split(/\s*,\s*|\s+(?:and|or)\s+/i)
    .map((s) => s.replace(/^(and|or)\s+/i, '').trim())
    .filter((s) => s.length > 0);
}
