import { mirrorFileSource, type MirrorFileSpec } from '../../single-file-sources.js';
import type { PublisherProfile, SourceDescriptor } from '../../source.js';
import { readFromPackage } from '../package-entry.js';
import { assertPackage, ESCO_VERSION, escoPackageDiscovery } from './package.js';

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
  tier: 'api',
  /** The statement ESCO's legal notice asks users of the classification to display. */
  attribution: 'This service uses the ESCO classification of the European Commission.',
};

const MiB = 1024 * 1024;

/**
 * An ESCO CSV file as a source: found in the mirror folder `esco/`, or (publishers) read from
 * inside a package: the Commission's `pkg` package of the pinned version at its download address,
 * or the package the operator configures (LMI_ESCO_PACKAGE), by the file's names in the package
 * (`entries`, newest naming first), the package's version leading the label. An address that
 * answers anything but a zip (a web page where the file was) is refused.
 */
export function escoCsvSource<Row>(
  spec: MirrorFileSpec<Row[]>,
  entries: [string, ...string[]],
  pkg: 'en' | 'relations',
): SourceDescriptor<Row[]> {
  const source = mirrorFileSource('esco', ESCO, {
    surface: `the Commission's ESCO v${ESCO_VERSION} CSV download (${pkg === 'en' ? 'classification, English' : 'classification, language-free'}), or the package LMI_ESCO_PACKAGE names`,
    discover: escoPackageDiscovery(`esco/${spec.file}`, spec.label, entries, pkg),
    // The package is read whole to take one entry: v1.1.1's are 3.8 and 4.1 MB (8x headroom).
    limits: { maxFileBytes: 32 * MiB },
    ...spec,
  });
  const packaged = readFromPackage(
    source,
    (location) => (location.member ? [location.member, ...entries.filter((e) => e !== location.member)] : []),
    (label) => /^ESCO v\d+(?:\.\d+)+/.exec(label)?.[0] ?? null,
  );
  return {
    ...packaged,
    parse: async (file, release, companions) => {
      if (release.location.member) assertPackage(file.bytes, release.location.url);
      return packaged.parse(file, release, companions);
    },
  };
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
