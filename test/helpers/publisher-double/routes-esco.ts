import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { escoDownloadUrl } from '../../../src/ingest/sources/esco/package.js';
import { upstreamPath } from '../upstream.js';
import type { PublisherResponse } from './routes.js';

/**
 * The Commission's two ESCO v1.1.1 CSV packages at their download addresses, rebuilt from the
 * mirror's files (extracted byte for byte from those very zips) under the names the real zips
 * hold (`_publishers/LAYOUTS.md` Part 2 §1.0a: 13 files in the English classification zip, four in
 * the language-free one, whose relations file has no `_en`). Files the service does not read are
 * header-only stand-ins; whether the real zips put their files in a folder is not recorded (the
 * reader accepts either).
 */

const mirrorCsv = (name: string): Uint8Array => {
  const bytes = readFileSync(upstreamPath(`esco/${name}`));
  return new Uint8Array(name.endsWith('.gz') ? gunzipSync(bytes) : bytes);
};
const stub = (header: string) => new TextEncoder().encode(`${header}\n`);

const EN_ONLY_HEADERS = [
  'conceptSchemes_en.csv',
  'digCompSkillsCollection_en.csv',
  'digitalSkillsCollection_en.csv',
  'greenSkillsCollection_en.csv',
  'languageSkillsCollection_en.csv',
  'researchOccupationsCollection_en.csv',
  'researchSkillsCollection_en.csv',
  'skillGroups_en.csv',
  'skillsHierarchy_en.csv',
  'transversalSkillsCollection_en.csv',
];

let built: { en: Uint8Array; relations: Uint8Array } | null = null;

/** The two zips (built once a process: the relations file inflates to about 20 MB). */
function escoPackages(): { en: Uint8Array; relations: Uint8Array } {
  built ??= {
    en: zipSync({
      'occupations_en.csv': mirrorCsv('occupations_en.csv'),
      'skills_en.csv': mirrorCsv('skills_en.csv.gz'),
      'ISCOGroups_en.csv': mirrorCsv('ISCOGroups_en.csv'),
      ...Object.fromEntries(EN_ONLY_HEADERS.map((name) => [name, stub('conceptType,conceptUri')])),
    }),
    relations: zipSync({
      'broaderRelationsOccPillar.csv': mirrorCsv('broaderRelationsOccPillar.csv'),
      'broaderRelationsSkillPillar.csv': stub('conceptType,conceptUri,broaderType,broaderUri'),
      'occupationSkillRelations.csv': mirrorCsv('occupationSkillRelations.csv.gz'),
      'skillSkillRelations.csv': stub(
        'originalSkillUri,originalSkillType,relationType,relatedSkillType,relatedSkillUri',
      ),
    }),
  };
  return built;
}

export const escoRoutes = (): [string, PublisherResponse][] => {
  const { en, relations } = escoPackages();
  return [
    [escoDownloadUrl('en'), { contentType: 'application/zip', body: en }],
    [escoDownloadUrl('relations'), { contentType: 'application/zip', body: relations }],
  ];
};
