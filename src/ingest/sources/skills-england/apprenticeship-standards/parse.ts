import {
  apprenticeshipLevel,
  type ApprenticeshipStandard,
  type ApprenticeshipStandardsRelease,
} from '../../../../domain/routes-in.js';

export const STANDARDS_FILE = 'apprenticeship-standards.json';
const REFERENCE = /^ST\d{4}$/;

/** Reads the standards file (`{source, standards: {ST0001: {...}}}`); throws on another shape. */
export function parseApprenticeshipStandards(bytes: Uint8Array): ApprenticeshipStandardsRelease {
  let json: { source?: { retrievedAt?: unknown }; standards?: unknown };
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as typeof json;
  } catch (error) {
    throw new Error(`${STANDARDS_FILE}: not UTF-8 JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const retrievedAt = json.source?.retrievedAt;
  if (typeof retrievedAt !== 'string' || Number.isNaN(Date.parse(retrievedAt)))
    throw new Error(`${STANDARDS_FILE}: no source.retrievedAt`);
  if (json.standards === null || typeof json.standards !== 'object' || Array.isArray(json.standards))
    throw new Error(`${STANDARDS_FILE}: no "standards" object keyed by reference`);
  const standards = Object.entries(json.standards as Record<string, Record<string, unknown>>).map(([key, s]) =>
    standardOf(key, s),
  );
  return { retrievedAt, standards };
}

function standardOf(key: string, s: Record<string, unknown>): ApprenticeshipStandard {
  const where = `${STANDARDS_FILE}, ${key}`;
  if (!REFERENCE.test(key) || s.referenceNumber !== key)
    throw new Error(`${where}: the reference number is "${String(s.referenceNumber)}"`);
  const text = (field: string): string | null =>
    typeof s[field] === 'string' && s[field].trim() !== '' ? s[field].trim() : null;
  const integer = (field: string): number | null =>
    typeof s[field] === 'number' && Number.isInteger(s[field]) && s[field] > 0 ? s[field] : null;
  const name = text('title');
  if (!name) throw new Error(`${where}: no title`);
  const titles = s.typicalJobTitles;
  if (titles !== undefined && (!Array.isArray(titles) || titles.some((t) => typeof t !== 'string')))
    throw new Error(`${where}: typicalJobTitles is not a list of strings`);
  const url = text('url');
  return {
    code: key,
    name,
    level: apprenticeshipLevel(s.level),
    status: text('status'),
    route: text('route'),
    typicalJobTitles: ((titles as string[] | undefined) ?? []).map((t) => t.trim()).filter(Boolean),
    url: url && url.startsWith('https://') ? url : null,
    durationMonths: integer('typicalDurationMonths'),
    version: text('version'),
    larsCode: integer('larsCode'),
    maxFunding: integer('maxFunding'),
    approvedForDelivery: text('approvedForDelivery'),
  };
}
