import {
  apprenticeshipLevel,
  type ApprenticeshipStandard,
  type ApprenticeshipStandardsRelease,
  type StandardDetail,
} from '../../../../domain/apprenticeships.js';

export const STANDARDS_2023_FILE = 'apprenticeship-standards-2023-01.json';
const REFERENCE = /^ST\d{4}$/;

/**
 * The keys of the institute's API answer this parser reads: a record without one of them is of a
 * layout never seen, and the release is refused naming the first key missing.
 */
const KEYS = [
  'referenceNumber',
  'title',
  'status',
  'level',
  'version',
  'versionNumber',
  'route',
  'pathway',
  'larsCode',
  'typicalJobTitles',
  'overviewOfRole',
  'entryRequirements',
  'typicalDuration',
  'maxFunding',
  'careerStarter',
  'integratedDegree',
  'regulatedBody',
  'professionalRecognition',
  'qualifications',
  'standardPageUrl',
  'approvedForDelivery',
  'lastUpdated',
] as const;

/** The API's `integratedDegree` values and what the spec's `degree` calls them; any other value is refused. */
const DEGREES: Record<string, StandardDetail['degree']> = {
  '': null,
  'integrated degree': 'integrated',
  'non-integrated degree': 'separate',
  'non-degree qualification': null,
};

/**
 * The institute's API answers of January 2023 (`{source, standards: [...]}`, one answer per LARS
 * code): of each reference the latest answer (highest version, then latest `lastUpdated`), with
 * what the answer adds to the list (overview, entry requirements, recognition, degree). The
 * release is dated by the latest `lastUpdated` of its answers: the API gives no date of its own.
 */
export function parseApprenticeshipStandards2023(bytes: Uint8Array): ApprenticeshipStandardsRelease {
  let json: { standards?: unknown };
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as typeof json;
  } catch (error) {
    throw new Error(
      `${STANDARDS_2023_FILE}: not UTF-8 JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (!Array.isArray(json.standards)) throw new Error(`${STANDARDS_2023_FILE}: no "standards" list of API answers`);
  const latest = new Map<string, { standard: ApprenticeshipStandard; rank: [number[], string] }>();
  let asOf = '';
  json.standards.forEach((answer: unknown, i) => {
    const where = `${STANDARDS_2023_FILE}, answer ${i + 1}`;
    if (answer === null || typeof answer !== 'object' || Array.isArray(answer))
      throw new Error(`${where}: not an object`);
    const s = answer as Record<string, unknown>;
    const missing = KEYS.find((k) => !(k in s));
    if (missing) throw new Error(`${where}: no key "${missing}" (a layout never seen)`);
    const standard = standardOf(s, where);
    const updated = typeof s.lastUpdated === 'string' ? s.lastUpdated : '';
    if (updated > asOf) asOf = updated;
    const rank: [number[], string] = [(standard.version ?? '').split('.').map(Number), updated];
    const held = latest.get(standard.code);
    if (!held || later(rank, held.rank)) latest.set(standard.code, { standard, rank });
  });
  const at = Date.parse(asOf.replace(' ', ''));
  if (Number.isNaN(at)) throw new Error(`${STANDARDS_2023_FILE}: no answer gives a lastUpdated date`);
  const standards = [...latest.values()].map((v) => v.standard).sort((a, b) => a.code.localeCompare(b.code));
  return { retrievedAt: new Date(at).toISOString(), standards };
}

function later(a: [number[], string], b: [number[], string]): boolean {
  for (let i = 0; i < Math.max(a[0].length, b[0].length); i++) {
    const [x, y] = [a[0][i] ?? 0, b[0][i] ?? 0];
    if (x !== y) return x > y;
  }
  return a[1] > b[1];
}

/** HTML the API escapes inside its text fields, reduced to plain text. */
function plain(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function standardOf(s: Record<string, unknown>, where: string): ApprenticeshipStandard {
  const text = (field: string): string | null =>
    typeof s[field] === 'string' && plain(s[field]) !== '' ? plain(s[field]) : null;
  const integer = (field: string): number | null =>
    typeof s[field] === 'number' && Number.isInteger(s[field]) && s[field] > 0 ? s[field] : null;
  const code = s.referenceNumber;
  if (typeof code !== 'string' || !REFERENCE.test(code))
    throw new Error(`${where}: the reference number is "${String(code)}"`);
  const name = text('title');
  if (!name) throw new Error(`${where} (${code}): no title`);
  const strings = (field: string): string[] => {
    const list = s[field];
    if (!Array.isArray(list) || list.some((t) => typeof t !== 'string'))
      throw new Error(`${where} (${code}): ${field} is not a list of strings`);
    return (list as string[]).map((t) => t.trim()).filter(Boolean);
  };
  const named = (field: string, key: string): string[] => {
    const list = s[field];
    if (!Array.isArray(list)) throw new Error(`${where} (${code}): ${field} is not a list`);
    return list.map((item: unknown) => {
      const value = item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;
      if (typeof value !== 'string') throw new Error(`${where} (${code}): ${field} has an item without "${key}"`);
      return plain(value);
    });
  };
  const degree = typeof s.integratedDegree === 'string' ? s.integratedDegree.trim().toLowerCase() : null;
  if (degree === null || !(degree in DEGREES))
    throw new Error(`${where} (${code}): integratedDegree "${String(s.integratedDegree)}" is not a value seen`);
  if (typeof s.careerStarter !== 'boolean') throw new Error(`${where} (${code}): careerStarter is not true or false`);
  const url = text('standardPageUrl');
  return {
    code,
    name,
    level: apprenticeshipLevel(s.level),
    status: text('status'),
    route: text('route'),
    typicalJobTitles: strings('typicalJobTitles'),
    url: url && url.startsWith('https://') ? url : null,
    durationMonths: integer('typicalDuration'),
    version: text('version'),
    larsCode: integer('larsCode'),
    maxFunding: integer('maxFunding'),
    approvedForDelivery: text('approvedForDelivery'),
    careerStarter: s.careerStarter,
    detail: {
      overview: text('overviewOfRole'),
      pathway: text('pathway'),
      entryRequirements: text('entryRequirements'),
      regulatedBy: text('regulatedBody'),
      professionalRecognition: named('professionalRecognition', 'bodyName').filter(Boolean),
      degree: DEGREES[degree]!,
      qualificationsGained: named('qualifications', 'title').filter(Boolean),
    },
  };
}
