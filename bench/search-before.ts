/**
 * The search as it was at an earlier commit, for before/after figures: `src/search` and
 * `src/domain` of that commit (the search imports only the domain) are extracted with
 * `git archive` into a temporary folder and imported from there.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodingIndex } from '../src/domain/soc.js';
import type { TitleAlias } from '../src/search/aliases.js';

/** The last commit before exact titles were ranked by the employment prior and see rows became word rewrites (issue 27). */
export const BEFORE_PRIOR = '8406133';

/** What the benchmark needs of an index of any version. */
export interface SearchEngine {
  search(query: string, limit: number): { soc2020: string; matchType: string }[];
}

/** Builds the index of commit `ref` (its `TitleIndex.build(index, aliases)`). */
export async function titleIndexAt(
  ref: string,
): Promise<(index: CodingIndex, aliases: readonly TitleAlias[]) => SearchEngine> {
  const root = new URL('../', import.meta.url).pathname;
  const folder = mkdtempSync(path.join(tmpdir(), 'lmi-search-before-'));
  const archive = execFileSync('git', ['-C', root, 'archive', ref, 'src/search', 'src/domain'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', folder], { input: archive });
  const module = (await import(pathToFileURL(path.join(folder, 'src/search/title-index.ts')).href)) as {
    TitleIndex: { build(index: CodingIndex, aliases: readonly TitleAlias[]): SearchEngine };
  };
  return (index, aliases) => module.TitleIndex.build(index, aliases);
}
