import type { Edition } from '../../domain/editions.js';
import type { GroupedLabel } from '../../search/aliases.js';
import { profilesOf } from '../../store/how-to-become.js';
import type { Db } from '../../store/schema.js';
import { escoOccupationsWithLabels } from '../../store/skills.js';
import { soc2010GroupsIntoEach } from '../../store/soc-crosswalk.js';
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
}

/**
 * Reads the search's evidence from the current editions: ESCO occupation labels; NCS job profile
 * titles (2026 pages and 2020 export, by slug) led to unit groups through the profile's SOC 2010
 * code in the ONS SOC 2010 -> 2020 table (pooled shares, at least NCS_TITLE_SHARE). A missing
 * edition leaves its part empty.
 */
export async function searchEvidence(
  db: Db,
  editions: { esco: Edition | null; pages: Edition | null; export: Edition | null; crosswalk: Edition | null },
): Promise<SearchEvidence> {
  const [esco, pages, exported, links] = await Promise.all([
    editions.esco ? escoOccupationsWithLabels(db, editions.esco.id) : [],
    editions.pages ? profilesOf(db, editions.pages.id) : [],
    editions.export ? profilesOf(db, editions.export.id) : [],
    editions.crosswalk ? soc2010GroupsIntoEach(db, editions.crosswalk.id) : null,
  ]);
  const labelsOf = (o: (typeof esco)[number]) => [o.title, ...o.altLabels];
  const shares = links ? pooledShares(links) : new Map<string, Map<string, number>>();
  const bySlug = new Map<string, { titles: Set<string>; soc2010: string | null }>();
  for (const profile of [...exported, ...pages]) {
    const known = bySlug.get(profile.slug) ?? { titles: new Set<string>(), soc2010: null };
    for (const title of [profile.title, ...profile.alternativeTitles])
      if (title.trim() !== '') known.titles.add(title.trim());
    known.soc2010 ??= profile.soc2010;
    bySlug.set(profile.slug, known);
  }
  const ncsLabels: GroupedLabel[] = [];
  for (const { titles, soc2010 } of bySlug.values()) {
    const groups = soc2010 ? shares.get(soc2010) : undefined;
    if (!groups) continue;
    for (const title of titles) ncsLabels.push({ title, groups });
  }
  return {
    escoLabels: esco.flatMap((o) => labelsOf(o).map((title) => ({ title, isco08: o.iscoGroup }))),
    ncsLabels,
    names: [...esco.map(labelsOf), ...[...bySlug.values()].map(({ titles }) => [...titles])],
  };
}
