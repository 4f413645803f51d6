/**
 * The evaluation set of career moves (bench/README.md, "Career moves"), from data only: the
 * "career path and progression" text of each NCS job profile of the November 2020 export names
 * the jobs an adviser would point its reader to ("with experience, you could become a ward
 * manager or train as a midwife"). A pair (from, to) is a profile whose text names another
 * profile's title as whole words (a plural allowed), each placed on the SOC 2020 unit group its
 * SOC 2010 code reaches at the largest pooled share in the ONS SOC 2010 -> 2020 table; pairs
 * within one unit group are left out. The service never reads this text: no leak into the ranking.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ncsReleases, pooledCrosswalk } from './careers-titles.js';

const RECIPES = new URL('../../shared/upstream/ncs-content-export-2020/recipes/', import.meta.url).pathname;

interface RecipeItem {
  ContentType?: string;
  DisplayText?: string;
  JobProfile?: { CareerPathAndProgression?: { Html?: string | null } };
}

/** Profile title -> its career path text (tags removed, lower case). */
function careerPathTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const name of readdirSync(RECIPES).filter((n) => n.endsWith('.recipe.json'))) {
    const json = JSON.parse(readFileSync(path.join(RECIPES, name), 'utf8').replace(/^\uFEFF/, '')) as {
      steps?: Array<{ data?: RecipeItem[] }>;
    };
    for (const step of json.steps ?? [])
      for (const item of step.data ?? []) {
        const html = item.JobProfile?.CareerPathAndProgression?.Html;
        if (item.ContentType === 'JobProfile' && item.DisplayText && html)
          texts.set(item.DisplayText, html.replace(/<[^>]+>/g, ' ').toLowerCase());
      }
  }
  return texts;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Distinct (from, to) unit-group pairs the career path texts evidence. */
export function careerPathPairs(): Array<{ from: string; to: string }> {
  const { exported } = ncsReleases();
  const crosswalk = pooledCrosswalk();
  const dominant = (soc2010: string | null) =>
    soc2010 ? [...(crosswalk.get(soc2010) ?? [])].sort((a, b) => b[1] - a[1])[0]?.[0] : undefined;
  const texts = careerPathTexts();
  const profiles = exported.profiles
    .map((p) => ({
      title: p.title,
      soc: dominant(p.soc2010),
      pattern: new RegExp(`\\b${escape(p.title.toLowerCase())}s?\\b`),
    }))
    .filter((p): p is typeof p & { soc: string } => p.soc !== undefined);
  const pairs = new Map<string, { from: string; to: string }>();
  for (const from of profiles) {
    const text = texts.get(from.title);
    if (!text) continue;
    for (const to of profiles)
      if (to.soc !== from.soc && to.pattern.test(text))
        pairs.set(`${from.soc}>${to.soc}`, { from: from.soc, to: to.soc });
  }
  return [...pairs.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}
