import { mirrorFileSource, type MirrorFileSpec } from '../../single-file-sources.js';
import type { PublisherProfile, SourceDescriptor } from '../../source.js';
import { readFromPackage } from '../package-entry.js';
import { escoPackageDiscovery } from './package.js';

/**
 * ESCO is published as one zip of CSV files per version and language; the mirror keeps the three
 * files the service reads, each a source of its own (`esco-occupations`, `esco-skills`,
 * `esco-occupation-skills`) with its own editions. What they share is here.
 */
const ESCO: PublisherProfile = {
  publisher: 'European Commission',
  licence: 'European Commission reuse policy (Commission Decision 2011/833/EU): reuse allowed with attribution',
  url: 'https://esco.ec.europa.eu/en/use-esco/download',
  cadence: 'a new version about once a year',
  tier: 'detectonly',
  /** The statement ESCO's legal notice asks users of the classification to display. */
  attribution: 'This service uses the ESCO classification of the European Commission.',
};

const MiB = 1024 * 1024;

/**
 * An ESCO CSV file as a source. ESCO files come only as a zip from a download form, so there is no
 * address to fetch one file from: a release is found in the mirror folder `esco/`, or (publishers)
 * in the package the operator configures (LMI_ESCO_PACKAGE), read from inside it by the file's
 * names in the package (`entries`, newest naming first), the package's version leading the label.
 */
export function escoCsvSource<Row>(
  spec: MirrorFileSpec<Row[]>,
  entries: [string, ...string[]],
): SourceDescriptor<Row[]> {
  const source = mirrorFileSource('esco', ESCO, {
    surface: 'the ESCO CSV package named by LMI_ESCO_PACKAGE (ESCO e-mails its download link)',
    discover: escoPackageDiscovery(`esco/${spec.file}`, spec.label, entries),
    // The whole package (every file of the classification, English) is read to take one entry.
    limits: { maxFileBytes: 256 * MiB },
    ...spec,
  });
  return readFromPackage(
    source,
    (location) => (location.member ? [location.member, ...entries.filter((e) => e !== location.member)] : []),
    (label) => /^ESCO v\d+(?:\.\d+)+/.exec(label)?.[0] ?? null,
  );
}

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
 * ", last changed 2022-07-27": the latest `modifiedDate` among the concepts, as a day (what a file
 * says about its own version); empty when no concept is dated.
 */
export function lastChanged(concepts: Array<{ modifiedDate: string | null }>): string {
  let latest: string | null = null;
  for (const { modifiedDate: date } of concepts) if (date && (latest === null || date > latest)) latest = date;
  return latest === null ? '' : `, last changed ${latest.slice(0, 10)}`;
}
