import { readFileSync } from 'node:fs';
import { upstreamPath } from '../upstream.js';
import { json, type PublisherResponse } from './routes.js';

/**
 * Skills England's apprenticeship standards API as one JSON array of every version of every
 * standard (`_publishers/MANIFEST.md` §2e: no raw record exists; field names from third-party
 * clients). Built from the mirror's retrieval in the API's names, plus what the mirror left out
 * that the API has: older versions of some standards, and standards no longer approved.
 */

export const STANDARDS_API = 'https://skillsengland.education.gov.uk/api/apprenticeshipstandards';

type Mirrored = Record<string, unknown> & { referenceNumber: string; version: string | null; url?: string };

/** A mirror standard as the API writes it (`standardPageUrl`, `typicalDuration`, `versionNumber`, `lastUpdated`). */
function apiRecord(s: Mirrored, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { url, typicalDurationMonths, ...rest } = s;
  const version = s.version ?? '1.0';
  return {
    ...rest,
    standardPageUrl: url,
    typicalDuration: typicalDurationMonths,
    versionNumber: Number(version),
    lastUpdated: '2026-05-01T10:00:00',
    duties: [{ dutyID: 'd1', dutyDetail: 'Plan the work', isThisACoreDuty: 1, mappedSkills: [] }],
    ...overrides,
  };
}

function standardsArray(): Record<string, unknown>[] {
  const mirror = JSON.parse(readFileSync(upstreamPath('ifate-standards/apprenticeship-standards.json'), 'utf8')) as {
    standards: Record<string, Mirrored>;
  };
  const standards = Object.values(mirror.standards);
  const records = standards.map((s) => apiRecord(s));
  // Older versions of the first three standards, retired since, listed after their successors.
  for (const s of standards.slice(0, 3))
    records.push(
      apiRecord(s, { version: '0.9', versionNumber: 0.9, status: 'Retired', lastUpdated: '2020-01-01T00:00:00' }),
    );
  // Standards the mirror's retrieval left out because they are not approved for delivery.
  const base = standards[0]!;
  records.push(
    apiRecord(base, { referenceNumber: 'ST9901', title: 'A retired standard', status: 'Retired', version: '1.1' }),
    apiRecord(base, {
      referenceNumber: 'ST9901',
      title: 'A retired standard',
      status: 'Retired',
      version: '1.0',
      versionNumber: 1.0,
    }),
    apiRecord(base, { referenceNumber: 'ST9902', title: 'A withdrawn standard', status: 'Withdrawn' }),
    apiRecord(base, { referenceNumber: 'ST9903', title: 'A standard in development', status: 'In development' }),
  );
  return records;
}

export const standardsRoutes = (): [string, PublisherResponse][] => [[STANDARDS_API, json(standardsArray())]];
