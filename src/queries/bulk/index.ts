import { createHash } from 'node:crypto';
import type { BulkFormat, BulkProvenance, BulkRecord } from '../../domain/bulk.js';
import { LATEST } from '../../domain/bulk.js';
import { SERVABLE_STATUSES, type Edition } from '../../domain/editions.js';
import { Problem } from '../../domain/problems.js';
import { isSourceKey, type SourceKey, type SourceProfile } from '../../domain/sources.js';
import type { BulkListResponse, BulkSourceResponse } from '../../schemas/bulk.js';
import { listEditions } from '../../store/editions.js';
import type { Db } from '../../store/schema.js';
import type { CurrentEditions } from '../current-editions.js';

/** One source's exporter: which editions have files, how many rows, and the rows as the service serves them. */
export interface BulkExporter {
  /** The JSON response the records match, for the listing (`/v1/occupations/{soc}/pay`). */
  matches: string;
  /** More said in the listing's note: what the records are when the source is one input of a join. */
  note?: string;
  /**
   * `every`: each published or superseded edition (its rows are read from the tables by edition);
   * `current`: the source's current edition only, since the records are built by endpoints that
   * serve no other.
   */
  scope: 'every' | 'current';
  /** How many records the edition's file holds, without reading them; absent: known once a file has been generated. */
  rows?(edition: Edition): Promise<number>;
  /** The CSV's columns, from the record schema; absent: those of the first record (every record has them all). */
  columns?: string[][];
  records(edition: Edition): AsyncGenerator<readonly BulkRecord[]>;
}

/** What a whole file told of itself once generated: kept for the listing. */
export interface BulkTally {
  format: BulkFormat;
  rows: number;
  bytes: number;
}

/** A bulk file of an edition: its release, validator and rows (read only where the file is built). */
export interface BulkFile {
  source: SourceKey;
  editionId: string;
  format: BulkFormat;
  /** What the content depends on (the edition's, the classification's and the joined editions' hashes): the file's folder on disk. */
  hash: string;
  provenance: BulkProvenance;
  /** Strong ETag: the content hash and the format. */
  etag: string;
  filename: string;
  columns?: string[][];
  /** The rows, a page at a time: read in the bulk builder's worker thread, never where requests are served. */
  records(): AsyncGenerator<readonly BulkRecord[]>;
  /** Called once the file has been generated whole: its rows and size, remembered for the listing. */
  generated(tally: BulkTally): void;
}

/** Why a source has no bulk files, in the listing, when no reason of its own is given. */
const NO_EXPORTER =
  'No bulk exporter for this source yet: its figures are served through its endpoints only (see docs/downloads.md).';

/** Editions whose rows and sizes are remembered: every source's several times over. */
const REMEMBERED_FILES = 1_000;

/** What is remembered of an edition's files, by the hash they are validated by. */
interface Remembered {
  rows: number | null;
  bytes: Record<BulkFormat, number | null>;
}

/**
 * Bulk downloads: every row the service serves from an edition (published or superseded, never
 * quarantined), through each group's exporter, which builds its records with the same code as the
 * group's JSON responses.
 */
export class Bulk {
  /** Rows and sizes of the files generated, by content hash: a file's size is known only once it has been made. */
  private readonly remembered = new Map<string, Remembered>();

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly exporters: Partial<Record<SourceKey, BulkExporter>>,
    private readonly publicUrl: string,
    /** Why each source without an exporter has none. */
    private readonly withoutFiles: Partial<Record<SourceKey, string>> = {},
    /** Told when a file's rows or size is first known, since the listing then changes (its cached copy is stale). */
    private readonly onLearned: () => void = () => undefined,
  ) {}

  /**
   * Whether an edition's files are served now (the change feed links only those): every servable
   * edition of a table, the current one only of per-occupation responses.
   */
  async serves(sourceKey: string, edition: { id: string; status: string }): Promise<boolean> {
    const exporter = isSourceKey(sourceKey) ? this.exporters[sourceKey] : undefined;
    if (!exporter) return false;
    if (exporter.scope === 'every') return (SERVABLE_STATUSES as readonly string[]).includes(edition.status);
    return (await this.current.latest(sourceKey as SourceKey))?.id === edition.id;
  }

  async list(): Promise<BulkListResponse> {
    const sources: BulkSourceResponse[] = [];
    const all = await listEditions(this.db);
    for (const source of this.current.catalog.profiles) {
      const exporter = this.exporters[source.key];
      const editions = exporter ? await this.editionsOf(source.key, exporter, all) : [];
      sources.push({
        source: source.key,
        name: source.name,
        available: exporter !== undefined,
        note: exporter
          ? [`Rows as ${exporter.matches} gives them.`, exporter.note].filter(Boolean).join(' ')
          : (this.withoutFiles[source.key] ?? NO_EXPORTER),
        editions: await Promise.all(
          editions.map(async (e) => {
            const known = this.remembered.get(await this.contentHash(exporter!, e));
            return {
              id: e.id,
              label: e.label,
              status: e.status as 'published' | 'superseded',
              published: e.publishedAt,
              rows: exporter!.rows ? await exporter!.rows(e) : (known?.rows ?? null),
              bytes: {
                csv: known?.bytes.csv ?? null,
                jsonl: known?.bytes.jsonl ?? null,
                parquet: known?.bytes.parquet ?? null,
              },
              csv: this.link(source.key, e.id, 'csv'),
              jsonl: this.link(source.key, e.id, 'jsonl'),
              parquet: this.link(source.key, e.id, 'parquet'),
            };
          }),
        ),
      });
    }
    return { sources };
  }

  /** The content hash of each edition of a source whose files are served now, by edition id: the files on disk worth keeping. */
  async servedHashes(sourceKey: SourceKey): Promise<Map<string, string>> {
    const exporter = this.exporters[sourceKey];
    if (!exporter) return new Map();
    const editions = await this.editionsOf(sourceKey, exporter);
    return new Map(await Promise.all(editions.map(async (e) => [e.id, await this.contentHash(exporter, e)] as const)));
  }

  /** The editions with files: every servable one, or the current one only. */
  private async editionsOf(key: SourceKey, exporter: BulkExporter, all?: Edition[]): Promise<Edition[]> {
    if (exporter.scope === 'current') {
      const latest = await this.current.latest(key);
      return latest ? [latest] : [];
    }
    return (all ?? (await listEditions(this.db, key))).filter(
      (e) => e.sourceKey === key && SERVABLE_STATUSES.includes(e.status),
    );
  }

  /**
   * What a file's content depends on: the edition, the classification (titles), and for records
   * built by the endpoints from the current editions, every current edition (a join's inputs).
   */
  private async contentHash(exporter: BulkExporter, edition: Edition): Promise<string> {
    const structure = await this.current.latest('soc2020-structure');
    const joined = exporter.scope === 'current' ? (await this.current.all()).map((e) => e.sha256).join(',') : '';
    return createHash('sha256')
      .update(`${edition.sha256}\n${structure?.sha256 ?? ''}\n${joined}`)
      .digest('base64url')
      .slice(0, 32);
  }

  /** The file of an edition (`latest`: the current one); 404 naming what exists otherwise. */
  async file(sourceKey: string, editionRef: string, format: BulkFormat): Promise<BulkFile> {
    if (!isSourceKey(sourceKey) || !this.exporters[sourceKey]) {
      const why = isSourceKey(sourceKey) ? ` ${this.withoutFiles[sourceKey] ?? NO_EXPORTER}` : '';
      throw new Problem(
        'route-not-found',
        `No bulk files for source "${sourceKey}".${why} Sources with bulk files: ${Object.keys(this.exporters).join(', ')} (GET /v1/bulk lists them).`,
      );
    }
    const exporter = this.exporters[sourceKey];
    const source = this.current.catalog.profile(sourceKey);
    const edition = await this.resolve(source, exporter, editionRef, format);
    const hash = await this.contentHash(exporter, edition);
    const etag = createHash('sha256').update(`${hash}\n${format}`).digest('base64url').slice(0, 32);
    return {
      source: sourceKey,
      editionId: edition.id,
      format,
      hash,
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
      ...(exporter.columns ? { columns: exporter.columns } : {}),
      records: () => exporter.records(edition),
      generated: ({ format: made, rows, bytes }) => {
        const known = this.remembered.get(hash) ?? { rows: null, bytes: { csv: null, jsonl: null, parquet: null } };
        if (known.rows === rows && known.bytes[made] === bytes) return;
        this.remembered.delete(hash);
        this.remembered.set(hash, { rows, bytes: { ...known.bytes, [made]: bytes } });
        // Hashes of editions no longer current are never asked for again: the oldest learned go first.
        if (this.remembered.size > REMEMBERED_FILES) this.remembered.delete(this.remembered.keys().next().value!);
        this.onLearned();
      },
    };
  }

  private async resolve(
    source: SourceProfile,
    exporter: BulkExporter,
    ref: string,
    format: BulkFormat,
  ): Promise<Edition> {
    const servable = await this.editionsOf(source.key, exporter);
    const edition = ref === LATEST ? await this.current.latest(source.key) : servable.find((e) => e.id === ref);
    if (edition) return edition;
    const valid = [LATEST, ...servable.map((e) => e.id)];
    if (ref === LATEST || servable.length === 0)
      throw this.current.unavailable(source.key, `Bulk files of ${source.key}`);
    if (exporter.scope === 'current') {
      const asked = (await listEditions(this.db, source.key)).find((e) => e.id === ref);
      if (asked && SERVABLE_STATUSES.includes(asked.status))
        throw this.noLongerCurrent(asked, servable[0]!, format, valid);
    }
    const which =
      exporter.scope === 'current'
        ? 'current edition (its records are built by endpoints that serve only the current one)'
        : 'published or superseded edition (a quarantined release is never served)';
    throw new Problem('route-not-found', `No ${which} "${ref}" of ${source.key}. Valid editions: ${valid.join(', ')}.`);
  }

  /**
   * The 404 for a link to a per-occupation file the service once served (the change feed and the
   * listing gave it while its edition was current): what became of the edition, and where the
   * current one's file is.
   */
  private noLongerCurrent(asked: Edition, current: Edition, format: BulkFormat, valid: string[]): Problem {
    const what = asked.status === 'superseded' ? 'was superseded' : 'is no longer the current edition';
    return new Problem(
      'route-not-found',
      `Edition ${asked.id} ("${asked.label}") of ${asked.sourceKey} ${what}: its file is no longer served, since the records of ${asked.sourceKey} are built by endpoints that serve only the current edition. ` +
        `The current edition is "${current.label}" (edition ${current.id}${current.publishedAt ? `, published ${current.publishedAt.slice(0, 10)}` : ''}): ${this.link(asked.sourceKey, current.id, format)}, ` +
        `or ${this.link(asked.sourceKey, LATEST, format)} for whichever edition is current. Valid editions: ${valid.join(', ')}.`,
    );
  }

  private link(source: string, edition: string, format: BulkFormat): string {
    return `${this.publicUrl}/v1/bulk/${source}/${edition}.${format}`;
  }
}
