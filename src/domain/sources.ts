/**
 * What the service says about an upstream source wherever its figures are shown: who publishes
 * it, under which licence, and the credit to display. Each source's descriptor (in ingest) is
 * the one place these are written; the read side reaches them through a `SourceCatalog`.
 */

export type SourceTier = 'api' | 'scrapeanddiff' | 'detectonly';

export interface SourceProfile {
  key: string;
  name: string;
  publisher: string;
  licence: string;
  /** The publisher's page for the dataset. */
  url: string;
  cadence: string | null;
  tier: SourceTier;
  /** The credit to show wherever the data is displayed. */
  attribution: string;
}

/** The registered sources by key; asking for an unregistered one is a programming error. */
export class SourceCatalog {
  private readonly byKey: Map<string, SourceProfile>;

  constructor(readonly profiles: readonly SourceProfile[]) {
    this.byKey = new Map(profiles.map((p) => [p.key, p]));
  }

  profile(key: string): SourceProfile {
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
