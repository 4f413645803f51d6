import { forEachArrayElement } from '../../../formats/json-array-stream.js';
import {
  apprenticeshipLevel,
  type ApprenticeshipStandard,
  type ApprenticeshipStandardsRelease,
} from '../../../../domain/apprenticeships.js';

export const STANDARDS_FILE = 'apprenticeship-standards.json';
const REFERENCE = /^ST\d{4}$/;
/** The API's records run to tens of kilobytes (duties, knowledge, skills); one over this is not a standard. */
const MAX_STANDARD_BYTES = 4 * 1024 * 1024;

/**
 * Reads the standards in either shape: the API's array of every version of every standard (one
 * entry per standard: its latest version), or the mirror's object (`{source, standards: {ST0001:
 * {...}}}`). `retrievedAt` dates the API's array, which carries no date of its own.
 */
export function parseApprenticeshipStandards(bytes: Uint8Array, retrievedAt?: string): ApprenticeshipStandardsRelease {
  const first = bytes.find(
    (b) => b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09 && b !== 0xef && b !== 0xbb && b !== 0xbf,
  );
  return first === 0x5b ? parseApiArray(bytes, retrievedAt ?? new Date().toISOString()) : parseMirrorObject(bytes);
}

/**
 * The API's array, element by element (never one 78 MB string): of each reference the highest
 * `versionNumber`, then the highest `version` ("1.1" over "1.0"), then the latest `lastUpdated`.
 */
function parseApiArray(bytes: Uint8Array, retrievedAt: string): ApprenticeshipStandardsRelease {
  const latest = new Map<string, { standard: ApprenticeshipStandard; rank: [number, number[], string] }>();
  forEachArrayElement(
    bytes,
    { what: 'the apprenticeship standards API array', maxElementBytes: MAX_STANDARD_BYTES },
    (element, i) => {
      if (element === null || typeof element !== 'object' || Array.isArray(element))
        throw new Error(`the apprenticeship standards API array, element ${i + 1}: not an object`);
      const s = element as Record<string, unknown>;
      const key = typeof s.referenceNumber === 'string' ? s.referenceNumber : `element ${i + 1}`;
      const standard = standardOf(key, {
        ...s,
        url: s.standardPageUrl ?? s.url,
        typicalDurationMonths: s.typicalDuration,
      });
      const rank: [number, number[], string] = [
        typeof s.versionNumber === 'number' ? s.versionNumber : 0,
        (standard.version ?? '').split('.').map(Number),
        typeof s.lastUpdated === 'string' ? s.lastUpdated : '',
      ];
      const held = latest.get(key);
      if (!held || laterVersion(rank, held.rank)) latest.set(key, { standard, rank });
    },
  );
  const standards = [...latest.values()].map((v) => v.standard).sort((a, b) => a.code.localeCompare(b.code));
  return { retrievedAt, standards };
}

function laterVersion(a: [number, number[], string], b: [number, number[], string]): boolean {
  if (a[0] !== b[0]) return a[0] > b[0];
  for (let i = 0; i < Math.max(a[1].length, b[1].length); i++) {
    const [x, y] = [a[1][i] ?? 0, b[1][i] ?? 0];
    if (x !== y) return x > y;
  }
  return a[2] > b[2];
}

function parseMirrorObject(bytes: Uint8Array): ApprenticeshipStandardsRelease {
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
    // The API's field (listed among its 79 keys); the mirror's copy has none.
    careerStarter: typeof s.careerStarter === 'boolean' ? s.careerStarter : null,
    detail: null,
  };
}
