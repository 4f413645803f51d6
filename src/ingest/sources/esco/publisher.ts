import type { Upstream, FileLocation } from '../../upstream.js';
import type { ReleaseRef } from '../../source.js';

/**
 * ESCO is published as one zip of CSV files per version and language; the mirror keeps the three
 * files the service reads, each a source of its own (`esco-occupations`, `esco-skills`,
 * `esco-occupation-skills`) with its own editions. What they share is here.
 */
export const ESCO_PAGE = 'https://esco.ec.europa.eu/en/use-esco/download';

export const ESCO_PUBLISHER = 'European Commission';

export const ESCO_LICENCE = 'European Commission reuse policy (Commission Decision 2011/833/EU): reuse allowed with attribution';

/** The statement ESCO's legal notice asks users of the classification to display. */
export const ESCO_ATTRIBUTION = 'This service uses the ESCO classification of the European Commission.';

export const ESCO_CADENCE = 'a new version about once a year';

const OCCUPATION_URI = /^http:\/\/data\.europa\.eu\/esco\/occupation\/([0-9a-f-]{36})$/;
const SKILL_URI = /^http:\/\/data\.europa\.eu\/esco\/skill\/([0-9a-f-]{36})$/;

/** The concept id at the end of an ESCO occupation URI; throws on anything else. */
export function occupationIdOf(uri: string): string {
  const match = OCCUPATION_URI.exec(uri);
  if (!match) throw new Error(`"${uri}" is not an ESCO occupation URI`);
  return match[1]!;
}

export function skillIdOf(uri: string): string {
  const match = SKILL_URI.exec(uri);
  if (!match) throw new Error(`"${uri}" is not an ESCO skill URI`);
  return match[1]!;
}

/**
 * ESCO files come only as a zip from a download form, so there is no address to fetch one file
 * from: a release is found only in the mirror folder `esco/`.
 */
export function escoFile(fileName: string): FileLocation {
  return { mirrorPath: `esco/${fileName}`, url: ESCO_PAGE };
}

export async function detectEscoFile(upstream: Upstream, fileName: string, label: string): Promise<ReleaseRef[]> {
  const names = await upstream.listFolder('esco');
  return names.includes(fileName) ? [{ label, seriesKey: null, location: escoFile(fileName) }] : [];
}

/** The latest `modifiedDate` among the concepts, as a day (what a file says about its own version). */
export function latestModification(dates: Array<string | null>): string | null {
  let latest: string | null = null;
  for (const date of dates) if (date && (latest === null || date > latest)) latest = date;
  return latest?.slice(0, 10) ?? null;
}
