import type { EditionResponse, IngestStatusResponse, SourceResponse } from '../schemas/meta.js';
import { listEditions } from '../store/editions.js';
import { latestRunsBySource } from '../store/ingest-runs.js';
import type { Db } from '../store/schema.js';
import type { CurrentEditions } from './current-editions.js';
import type { Edition } from '../domain/editions.js';
import type { SourceProfile } from '../domain/sources.js';

export async function sourceResponses(sources: readonly SourceProfile[], current: CurrentEditions): Promise<SourceResponse[]> {
  const responses: SourceResponse[] = [];
  for (const source of sources) {
    const latest = await current.latest(source.key);
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
    });
  }
  return responses;
}

export function editionResponse(edition: Edition): EditionResponse {
  return {
    id: edition.id,
    sourceKey: edition.sourceKey,
    label: edition.label,
    seriesKey: edition.seriesKey,
    status: edition.status,
    detectedAt: edition.detectedAt,
    publishedAt: edition.publishedAt,
    sourceUri: edition.sourceUri,
    checks: edition.checks,
  };
}

export async function editionResponses(db: Db, sourceKey?: string): Promise<EditionResponse[]> {
  return (await listEditions(db, sourceKey)).map(editionResponse);
}

export async function ingestStatus(db: Db): Promise<IngestStatusResponse> {
  const runs = await latestRunsBySource(db);
  const quarantined = (await listEditions(db)).filter((e) => e.status === 'quarantined');
  return {
    sources: runs,
    quarantined: quarantined.map((e) => ({ id: e.id, sourceKey: e.sourceKey, label: e.label, detectedAt: e.detectedAt })),
  };
}
