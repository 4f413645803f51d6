import { createHash } from 'node:crypto';
import type { BulkFormat, BulkProvenance, BulkRecord } from '../domain/bulk.js';
import { LATEST } from '../domain/bulk.js';
import { SERVABLE_STATUSES, type Edition } from '../domain/editions.js';
import { Problem } from '../domain/problems.js';
import { isSourceKey, type SourceKey, type SourceProfile } from '../domain/sources.js';
import type { BulkListResponse, BulkSourceResponse } from '../schemas/bulk.js';
import { listEditions } from '../store/editions.js';
import type { Db } from '../store/schema.js';
import type { CurrentEditions } from './current-editions.js';

/** One source's exporter: how many rows an edition has, and its rows as the service serves them. */
interface BulkExporter {
  /** How many records the edition's file holds, without reading them. */
  rows(edition: Edition): Promise<number>;
  /** The JSON response the records match, for the listing (`/v1/occupations/{soc}/pay`). */
  matches: string;
  records(edition: Edition): AsyncGenerator<readonly BulkRecord[]>;
}

/** A bulk file ready to stream: its release, validator and rows. */
export interface BulkFile {
  provenance: BulkProvenance;
  /** Strong ETag: the edition's content hash, the classification's (titles) and the format. */
  etag: string;
  filename: string;
  records: AsyncGenerator<readonly BulkRecord[]>;
}

/** Why a source has no bulk files, in the listing. */
const NO_EXPORTER =
  'No bulk exporter for this source yet: its figures are served through its endpoints only (see docs/downloads.md).';

/**
 * Bulk downloads: every row the service serves from an edition (published or superseded, never
 * quarantined), through each group's exporter, which builds its records with the same code as the
 * group's JSON responses.
 */
export class Bulk {
  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly exporters: Partial<Record<SourceKey, BulkExporter>>,
    private readonly publicUrl: string,
  ) {}

  has(sourceKey: string): boolean {
    return isSourceKey(sourceKey) && this.exporters[sourceKey] !== undefined;
  }

  async list(): Promise<BulkListResponse> {
    const sources: BulkSourceResponse[] = [];
    const all = await listEditions(this.db);
    for (const source of this.current.catalog.profiles) {
      const exporter = this.exporters[source.key];
      const editions = all.filter((e) => e.sourceKey === source.key && SERVABLE_STATUSES.includes(e.status));
      sources.push({
        source: source.key,
        name: source.name,
        available: exporter !== undefined,
        note: exporter ? `Rows as ${exporter.matches} gives them.` : NO_EXPORTER,
        editions: exporter
          ? await Promise.all(
              editions.map(async (e) => ({
                id: e.id,
                label: e.label,
                status: e.status as 'published' | 'superseded',
                published: e.publishedAt,
                rows: await exporter.rows(e),
                bytes: null,
                csv: this.link(source.key, e.id, 'csv'),
                jsonl: this.link(source.key, e.id, 'jsonl'),
              })),
            )
          : [],
      });
    }
    return { sources };
  }

  /** The file of an edition (`latest`: the current one); 404 naming what exists otherwise. */
  async file(sourceKey: string, editionRef: string, format: BulkFormat): Promise<BulkFile> {
    if (!isSourceKey(sourceKey) || !this.exporters[sourceKey])
      throw new Problem(
        'route-not-found',
        `No bulk files for source "${sourceKey}". Sources with bulk files: ${Object.keys(this.exporters).join(', ')} (GET /v1/bulk lists them).`,
      );
    const exporter = this.exporters[sourceKey];
    const source = this.current.catalog.profile(sourceKey);
    const edition = await this.resolve(source, editionRef);
    const structure = await this.current.latest('soc2020-structure');
    const etag = createHash('sha256')
      .update(`${edition.sha256}\n${structure?.sha256 ?? ''}\n${format}`)
      .digest('base64url')
      .slice(0, 32);
    return {
      provenance: {
        source: source.key,
        name: source.name,
        publisher: source.publisher,
        licence: source.licence,
        attribution: source.attribution,
        url: source.url,
        edition: {
          id: edition.id,
          label: edition.label,
          status: edition.status,
          published: edition.publishedAt,
          sha256: edition.sha256,
        },
      },
      etag: `"${etag}"`,
      filename: `${source.key}-${edition.id}.${format}`,
      records: exporter.records(edition),
    };
  }

  private async resolve(source: SourceProfile, ref: string): Promise<Edition> {
    const servable = (await listEditions(this.db, source.key)).filter((e) => SERVABLE_STATUSES.includes(e.status));
    const edition = ref === LATEST ? await this.current.latest(source.key) : servable.find((e) => e.id === ref);
    if (edition) return edition;
    const valid = [LATEST, ...servable.map((e) => e.id)];
    if (ref === LATEST || servable.length === 0)
      throw this.current.unavailable(source.key, `Bulk files of ${source.key}`);
    throw new Problem(
      'route-not-found',
      `No published or superseded edition "${ref}" of ${source.key} (a quarantined release is never served). Valid editions: ${valid.join(', ')}.`,
    );
  }

  private link(source: string, edition: string, format: BulkFormat): string {
    return `${this.publicUrl}/v1/bulk/${source}/${edition}.${format}`;
  }
}
