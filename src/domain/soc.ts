/** The SOC 2020 classification: its groups, the coding index's records and the unit-group descriptions. */

export type SocLevel = 'major' | 'sub_major' | 'minor' | 'unit';

export interface SocGroup {
  code: string;
  level: SocLevel;
  title: string;
  parentCode: string | null;
}

/** A unit group as ONS Volume 1 describes it. */
export interface SocDescription {
  code: string;
  title: string;
  description: string;
  entryRoutes: string | null;
  tasks: string[];
  relatedTitles: string[];
}

/** One row of the ONS SOC 2020 coding index (Volume 2, sheet `SOC2020 coding index`). */
export interface CodingIndexRecord {
  uniqueId: string;
  recordNumber: number;
  /** Column D, the default-entry flag (O, I, A, Q, QS, M per the FILE SPEC sheet); null if blank. */
  defaultFlag: string | null;
  /** Four-digit unit group; null for see-other-entry rows (`}}}}`). */
  soc2020: string | null;
  /** Six-digit extended code, e.g. "2439/99"; null for see-other-entry rows. */
  soc2020Extended: string | null;
  /** INDEXOCC: the title in indexed (reverse) word order, e.g. "Roller, cold". */
  indexedTitle: string;
  /** INDEXOCC_-_natural_word_order, e.g. "Cold roller". */
  naturalTitle: string;
  add: string | null;
  ind: string | null;
  see: string | null;
  isco08: string | null;
  /** ADD and IND together as "ADD; IND", or whichever is present; null when neither. */
  qualifier: string | null;
}

export interface Abbreviation {
  abbreviation: string;
  meaning: string;
  /** Marked with `*` in the sheet: "frequently found throughout the index". */
  frequent: boolean;
}

export interface CodingIndex {
  records: CodingIndexRecord[];
  abbreviations: Abbreviation[];
}

/** The samples ONS dual-coded to both classifications, by sex: the Labour Force Survey and 2011 Census. */
export const CROSSWALK_SAMPLES = ['menLfs', 'menCensus', 'womenLfs', 'womenCensus'] as const;
export type CrosswalkSample = (typeof CROSSWALK_SAMPLES)[number];

/** A SOC 2010 unit group as the relationship table gives it: its dual-coded records in each sample. */
export interface Soc2010Base {
  soc2010: string;
  title: string;
  /** Records coded to the SOC 2010 group in each sample (the "Total sample" row). */
  records: Record<CrosswalkSample, number | null>;
}

/** Where a SOC 2010 unit group's records sit in SOC 2020: the share (0 to 1) of its records in each sample. */
export interface SocCrosswalkLink {
  soc2010: string;
  soc2020: string;
  soc2020Title: string;
  shares: Record<CrosswalkSample, number | null>;
}

export interface SocCrosswalk {
  bases: Soc2010Base[];
  links: SocCrosswalkLink[];
}
