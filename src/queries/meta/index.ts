import type { Edition } from '../../domain/editions.js';
import { publisherReach, type SourceProfile } from '../../domain/sources.js';
import type { EditionResponse, IngestStatusResponse, SourceResponse } from '../../schemas/meta.js';
import { listEditions } from '../../store/editions.js';
import { countFinishedRuns, latestRunsBySource, type RunCount } from '../../store/ingest-runs.js';
import type { Db } from '../../store/schema.js';
import { newestFoundBySource, sourceChecks } from '../../store/upstream-state.js';
import { publisherReachability } from '../../store/publisher-reachability.js';
import type { CurrentEditions } from '../current-editions.js';

/** The sources, their releases and the ingest runs, as /v1/meta shows them. */
export class Meta {
  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    /** What the ingest reads as configured (LMI_UPSTREAM): the publishers, or the mirror folder. */
    private readonly upstream: 'publishers' | 'mirror',
  ) {}

  async sources(): Promise<SourceResponse[]> {
    const responses: SourceResponse[] = [];
    const found = await newestFoundBySource(this.db);
    for (const source of this.current.catalog.profiles) {
      const latest = await this.current.latest(source.key);
      const newest = found.get(source.key);
      responses.push({
        key: source.key,
        name: source.name,
        publisher: source.publisher,
        licence: source.licence,
        url: source.url,
        cadence: source.cadence,
        tier: source.tier,
        currentEdition: latest?.label ?? null,
        currentEditionPublished: latest?.publishedAt ?? null,
        newestRelease: newest ? { label: newest.label, date: newest.releasedAt, url: newest.url } : null,
        status: latest
          ? `Serving the release "${latest.label}".`
          : newest
            ? `The publisher offers "${newest.label}" (${newest.url}), which this service does not read yet, so the figures that need this source answer 404 naming it.`
            : 'No release has been ingested, so the figures that need this source answer 404 naming it.',
        upstream: upstreamOf(source, this.upstream),
      });
    }
    return responses;
  }

  async editions(sourceKey?: string): Promise<EditionResponse[]> {
    return (await listEditions(this.db, sourceKey)).map(editionResponse);
  }

  async ingestStatus(): Promise<IngestStatusResponse> {
    const runs = await latestRunsBySource(this.db);
    const checks = await sourceChecks(this.db);
    const quarantined = (await listEditions(this.db)).filter((e) => e.status === 'quarantined');
    return {
      sources: runs.map((run) => {
        const check = checks.get(run.sourceKey);
        return {
          ...run,
          lastOutcome: check?.lastOutcome ?? null,
          message: check?.message ?? null,
          nextCheck: check?.nextCheck ?? null,
          upstream: check?.upstream === 'publishers' || check?.upstream === 'mirror' ? check.upstream : null,
        };
      }),
      quarantined: quarantined.map((e) => ({
        id: e.id,
        sourceKey: e.sourceKey,
        label: e.label,
        detectedAt: e.detectedAt,
      })),
      publishers: (await publisherReachability(this.db)).map((p) => ({
        host: p.host,
        reachable: p.reachable,
        checkedAt: p.checkedAt,
        kind: p.kind as IngestStatusResponse['publishers'][number]['kind'],
        reason: p.reason,
        sources: this.current.catalog.profiles.filter((s) => new URL(s.url).host === p.host).map((s) => s.key),
      })),
    };
  }

  /** What the metrics report of the ingest: finished runs by source and outcome, quarantined releases by source. */
  async ingestCounts(): Promise<{ runs: RunCount[]; quarantined: Map<string, number> }> {
    const quarantined = new Map<string, number>();
    for (const e of await listEditions(this.db))
      if (e.status === 'quarantined') quarantined.set(e.sourceKey, (quarantined.get(e.sourceKey) ?? 0) + 1);
    return { runs: await countFinishedRuns(this.db), quarantined };
  }
}

/**
 * How a source reaches this service, as its descriptor says: from its publisher (read, or only
 * found), from the mirror (only where the mirror holds a file its parser reads), or not at all.
 */
function upstreamOf(source: SourceProfile, upstream: 'publishers' | 'mirror'): SourceResponse['upstream'] {
  const surface = source.surface ?? null;
  const reach = publisherReach(source);
  const atPublisher =
    reach === 'read'
      ? `found and read at ${source.publisher}: ${surface}`
      : reach === 'found'
        ? `found at ${source.publisher} (${surface}) and named, not read: this service has no parser for it yet`
        : null;
  if (upstream === 'mirror') {
    if (source.inMirror === false)
      return {
        mode: 'mirror',
        reads: false,
        surface,
        description: `Not read: the local mirror of the publishers' files (LMI_UPSTREAM) holds nothing of this source to read.${atPublisher ? ` With LMI_UPSTREAM=publishers, ${atPublisher}.` : ` No surface of ${source.publisher} is followed for it either.`}`,
      };
    return {
      mode: 'mirror',
      reads: true,
      surface,
      description: `Read from the local mirror of the publishers' files (LMI_UPSTREAM).${surface ? ` With LMI_UPSTREAM=publishers, found at ${source.publisher}: ${surface}.` : ''}`,
    };
  }
  if (!atPublisher)
    return {
      mode: 'none',
      reads: false,
      surface,
      description:
        source.inMirror === false
          ? `No surface of ${source.publisher} is followed for this source, and no mirror of the publishers' files holds a release of it: nothing provides it yet.`
          : `No surface of ${source.publisher} is followed for this source yet: only a mirror of its files (LMI_UPSTREAM_DIR) provides it.`,
    };
  return {
    mode: 'publishers',
    reads: reach === 'read',
    surface,
    description:
      reach === 'found'
        ? `Found at ${source.publisher} (${surface}) and named, not read: this service has no parser for it yet.`
        : `Found and read at ${source.publisher}: ${surface}; checked again every refresh.`,
  };
}

/** An edition as /v1/meta/editions shows it: all but the hash of the bytes read and the count of rows stored. */
function editionResponse({ sha256: _sha256, rowsStored: _rowsStored, ...shown }: Edition): EditionResponse {
  return { ...shown, sourceUri: shownUri(shown.sourceUri) };
}

/** A path an older ingest recorded (`file:///...`) is never shown: only the file's name, as a mirror file. */
function shownUri(uri: string): string {
  return uri.startsWith('file:') ? `mirror:${decodeURIComponent(uri.split('/').pop() ?? '')}` : uri;
}
