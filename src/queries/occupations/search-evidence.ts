import type { Edition } from '../../domain/editions.js';
import type { SocDescription } from '../../domain/soc.js';
import type { GroupedLabel } from '../../search/aliases.js';
import { profilesOf } from '../../store/how-to-become.js';
import type { Db } from '../../store/schema.js';
import { escoOccupationsWithLabels } from '../../store/skills.js';
import { soc2010GroupsIntoEach } from '../../store/soc-crosswalk.js';
import { allSocDescriptions } from '../../store/soc-descriptions.js';
import { pooledShares } from './crosswalk-shares.js';

/** A SOC 2010 group's pooled share in a SOC 2020 group from which an NCS profile's titles lead there. */
export const NCS_TITLE_SHARE = 0.2;

/** What people call jobs, besides the coding index: the evidence the search is built with. */
export interface SearchEvidence {
  /** ESCO labels, each with its four-digit ISCO-08 group (aliases through ISCO-08). */
  escoLabels: Array<{ title: string; isco08: string }>;
  /** NCS profile titles and alternative titles, with the unit groups the profile's SOC 2010 code reaches. */
  ncsLabels: GroupedLabel[];
  /** Names of one occupation each (an ESCO occupation's labels, an NCS profile's titles): word variants are learnt from them. */
  names: string[][];
  /** What each unit group does: Volume 1's title, description, tasks and related titles, and the NCS profiles' titles and summaries that lead there. */
  texts: Map<string, Array<[string, number]>>;
}

/** Weights of a unit group's texts: its own title and the profiles' titles count more than sentences. */
const TEXT_WEIGHTS = {
  title: 3,
  description: 1,
  tasks: 1,
  relatedTitles: 1,
  profileTitles: 2,
  profileSummary: 1,
};

type Texts = Map<string, Array<[string, number]>>;

function textAdder(texts: Texts): (code: string, text: string | null, weight: number) => void {
  return (code, text, weight) => {
    if (!text) return;
    const list = texts.get(code) ?? [];
    list.push([text, weight]);
    texts.set(code, list);
  };
}

/** Each unit group's Volume 1 texts (title, description, tasks, related titles), weighted: what the search reads as text. */
export function descriptionTexts(descriptions: readonly SocDescription[]): Texts {
  const texts: Texts = new Map();
  const addText = textAdder(texts);
  for (const d of descriptions) {
    addText(d.code, d.title, TEXT_WEIGHTS.title);
    addText(d.code, d.description, TEXT_WEIGHTS.description);
    addText(d.code, d.tasks.join(' '), TEXT_WEIGHTS.tasks);
    addText(d.code, d.relatedTitles.join(' '), TEXT_WEIGHTS.relatedTitles);
  }
  return texts;
}

/**
 * Reads the search's evidence from the current editions: ESCO occupation labels; NCS job profile
 * titles (2026 pages and 2020 export, by slug) led to unit groups through the profile's SOC 2010
 * code in the ONS SOC 2010 -> 2020 table (pooled shares, at least NCS_TITLE_SHARE). A missing
 * edition leaves its part empty.
 */
export async function searchEvidence(
  db: Db,
  editions: {
    esco: Edition | null;
    pages: Edition | null;
    export: Edition | null;
    crosswalk: Edition | null;
    descriptions: Edition | null;
  },
): Promise<SearchEvidence> {
  const [esco, pages, exported, links, descriptions] = await Promise.all([
    editions.esco ? escoOccupationsWithLabels(db, editions.esco.id) : [],
    editions.pages ? profilesOf(db, editions.pages.id) : [],
    editions.export ? profilesOf(db, editions.export.id) : [],
    editions.crosswalk ? soc2010GroupsIntoEach(db, editions.crosswalk.id) : null,
    editions.descriptions ? allSocDescriptions(db, editions.descriptions.id) : [],
  ]);
  const texts = descriptionTexts(descriptions);
  const addText = textAdder(texts);
  const labelsOf = (o: (typeof esco)[number]) => [o.title, ...o.altLabels];
  const shares = links ? pooledShares(links) : new Map<string, Map<string, number>>();
  const bySlug = new Map<string, { titles: Set<string>; soc2010: string | null; summary: string | null }>();
  for (const profile of [...exported, ...pages]) {
    const known = bySlug.get(profile.slug) ?? { titles: new Set<string>(), soc2010: null, summary: null };
    for (const title of [profile.title, ...profile.alternativeTitles])
      if (title.trim() !== '') known.titles.add(title.trim());
    known.soc2010 ??= profile.soc2010;
    known.summary = profile.summary || known.summary;
    bySlug.set(profile.slug, known);
  }
  const ncsLabels: GroupedLabel[] = [];
  for (const { titles, soc2010, summary } of bySlug.values()) {
    const groups = soc2010 ? shares.get(soc2010) : undefined;
    if (!groups) continue;
    for (const title of titles) ncsLabels.push({ title, groups });
    // A profile's words describe the unit groups its SOC 2010 code mostly leads to, by its share.
    for (const [code, share] of groups) {
      if (share < NCS_TITLE_SHARE) continue;
      addText(code, [...titles].join(' '), TEXT_WEIGHTS.profileTitles * share);
      addText(code, summary, TEXT_WEIGHTS.profileSummary * share);
    }
  }
  return {
    escoLabels: esco.flatMap((o) => labelsOf(o).map((title) => ({ title, isco08: o.iscoGroup }))),
    ncsLabels,
    names: [...esco.map(labelsOf), ...[...bySlug.values()].map(({ titles }) => [...titles])],
    texts,
  };
}
