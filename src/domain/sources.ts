/**
 * What the service says about an upstream source wherever its figures are shown: who publishes
 * it, under which licence, and the credit to display. Each source's descriptor (in ingest) is
 * the one place these are written; the read side reaches them through a `SourceCatalog`.
 */

export type SourceTier = 'api' | 'scrapeanddiff' | 'detectonly';

/**
 * Every upstream source by its key: descriptors, queries and tests name a source with a
 * `SourceKey`, so a misspelt key fails to compile instead of failing at run time.
 */
export const SOURCE_KEYS = [
  'soc2020-structure',
  'soc2020-index',
  'soc2020-descriptions',
  'soc-crosswalk',
  'ashe-table14',
  'ashe-table15',
  'aps-occupation',
  'aps-occupation-industry',
  'aps-occupation-age',
  'census-occupation-age',
  'ons-geography',
  'online-job-adverts',
  'online-job-adverts-local',
  'esco-occupations',
  'esco-skills',
  'esco-occupation-skills',
  'onet-occupations',
  'onet-interests',
  'onet-abilities',
  'onet-soc-2010-crosswalk',
  'onet-soc-2019-crosswalk',
  'onet-soc-2018-crosswalk',
  'isco-us-soc-crosswalk',
  'ess-vacancies',
  'ess-vacancies-nations',
  'lmsp-england',
  'lmsp-uk',
  'lmsp-wales',
  'lmsp-scotland',
  'lmsp-northern-ireland',
  'lmsp-north-east',
  'lmsp-north-west',
  'lmsp-yorkshire-and-the-humber',
  'lmsp-east-midlands',
  'lmsp-west-midlands',
  'lmsp-east-of-england',
  'lmsp-london',
  'lmsp-south-east',
  'lmsp-south-west',
  'working-futures-uk',
  'occupations-in-demand',
  'apprenticeship-standards',
  'apprenticeship-standards-2023',
  'apprenticeship-units',
  'foundation-apprenticeships',
  'higher-technical-qualifications',
  't-levels',
  'ncs-job-profiles',
  'ncs-content-export-2020',
  'home-office-work-visas',
] as const;

export type SourceKey = (typeof SOURCE_KEYS)[number];

export function isSourceKey(value: string): value is SourceKey {
  return (SOURCE_KEYS as readonly string[]).includes(value);
}

export interface SourceProfile {
  key: SourceKey;
  name: string;
  publisher: string;
  licence: string;
  /** The publisher's page for the dataset. */
  url: string;
  cadence: string | null;
  tier: SourceTier;
  /** The credit to show wherever the data is displayed. */
  attribution: string;
  /**
   * The publisher surface the source's discovery reads (e.g. "ONS dataset pages"), for
   * /v1/meta/sources; absent: no publisher surface is followed and only a mirror provides it.
   */
  surface?: string;
  /**
   * True when the publisher's releases are found and named (the 404 says so), never read: the
   * source has no parser for the publisher's files.
   */
  detectOnly?: boolean;
  /**
   * False when the service's mirror of upstream files (LMI_UPSTREAM=mirror) holds nothing this
   * source reads: no file of it is there, or it has no parser. Absent: its release is read from
   * the mirror.
   */
  inMirror?: boolean;
}

/**
 * What following a source's publisher gives (LMI_UPSTREAM=publishers): its releases read, its
 * releases only found and named (detect-only: no parser for the publisher's files yet), or nothing (no surface followed:
 * only a mirror of its files provides it).
 */
export function publisherReach(
  source: Pick<SourceProfile, 'surface' | 'detectOnly'>,
): 'read' | 'found' | 'mirror only' {
  if (!source.surface) return 'mirror only';
  return source.detectOnly ? 'found' : 'read';
}

/** The registered sources by key; asking for an unregistered one is a programming error. */
export class SourceCatalog {
  private readonly byKey: Map<SourceKey, SourceProfile>;

  constructor(readonly profiles: readonly SourceProfile[]) {
    this.byKey = new Map(profiles.map((p) => [p.key, p]));
  }

  profile(key: SourceKey): SourceProfile {
    const profile = this.byKey.get(key);
    if (!profile) throw new Error(`no source "${key}" is registered`);
    return profile;
  }
}

/** A release a publisher offers that this service found and did not read (yet). */
export interface FoundReleaseRecord {
  label: string;
  seriesKey: string | null;
  /** The publisher's date for it, ISO; null when it gives none. */
  releasedAt: string | null;
  url: string;
  pageUrl: string;
  /** When it was last seen upstream. */
  foundAt: string;
}

/** The last look at a source's upstream, and when the next is due. */
export interface SourceCheck {
  lastChecked: string;
  nextCheck: string | null;
  lastOutcome: string;
  message: string | null;
  /** `publishers` or `mirror`. */
  upstream: string;
}
