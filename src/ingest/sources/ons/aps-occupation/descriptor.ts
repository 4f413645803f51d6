import { insertApsOccupationRelease } from '../../../../store/employment.js';
import type { ReleaseRef } from '../../../source.js';
import { onsSource } from '../publisher.js';
import { checkApsOccupation, summariseApsOccupation } from './checks.js';
import { NOMIS_COLUMNS, parseNomisPages, parseRelayedCsv } from './parse.js';

const FOLDER = 'aps-employment-4digit';
const DATASET_PAGE = 'https://www.nomisweb.co.uk/datasets/apsnew';
const NOMIS_API = 'https://www.nomisweb.co.uk/api/v01/dataset/NM_218_1.data.csv';
/** Jan-Dec periods of SOC 2020 in NM_218_1 asked for over HTTPS. */
const KNOWN_YEARS = [2022, 2023, 2024, 2025];
/** The public Nomis API serves 25,000 rows a call; the query has at most 111,240 (5 areas x 27 breakdowns x 412 x 2). */
const PAGE_ROWS = 25_000;
const PAGES = 5;

const RELAY = /^nomis_nm218_uk_soc2020_unitgroups_jan(\d{4})-dec(\d{4})\.csv$/;

/** Whose copy each relayed file is (the mirror's MANIFEST; the README says how each was checked). */
const RELAYED_BY: Record<string, string> = {
  'nomis_nm218_uk_soc2020_unitgroups_jan2025-dec2025.csv': 'tcballard/uk-jobs-ai-impact@07e24d36bb52',
  'nomis_nm218_uk_soc2020_unitgroups_jan2022-dec2022.csv': 'ParthG60/ai-economic-indicators-uk@364d1cd6cb8f',
};

function relayedBy(file: string): string {
  return RELAYED_BY[file] ?? 'a third party';
}

/** The Nomis API query of one Jan-Dec period: the UK and nations, all breakdowns, counts and intervals, paged. */
export function nomisRefs(base: string, years: number[]): ReleaseRef[] {
  return years.map((year) => {
    const query =
      `${base}?geography=2092957697,TYPE499&date=${year}-12&c_sex=0,1,2&jtype=0&ftpt=0,1,2&etype=0,1,2` +
      `&soc2020_full=1...412&measure=1&measures=20100,20701&select=${NOMIS_COLUMNS.join(',').toLowerCase()}`;
    const page = (k: number) => ({
      mirrorPath: `${FOLDER}/nomis-api-${year}-p${k + 1}.csv`,
      url: k === 0 ? query : `${query}&RecordOffset=${PAGE_ROWS * k}`,
    });
    return {
      label: `APS people in employment by SOC 2020 unit group, UK and nations, January-December ${year}: Nomis API query of NM_218_1`,
      seriesKey: String(year),
      location: page(0),
      companions: Array.from({ length: PAGES - 1 }, (_, k) => page(k + 1)),
    };
  });
}

/**
 * APS people in employment by SOC 2020 unit group (Nomis NM_218_1), one release per Jan-Dec
 * period. In the mirror: third parties' relays of its UK counts (said so in the label and a `warn`
 * check). Over HTTPS: the Nomis API query, with intervals, breakdowns and nations.
 */
export const apsOccupationSource = onsSource({
  key: 'aps-occupation',
  name: 'Annual Population Survey: people in employment by occupation (SOC 2020 unit group), Nomis NM_218_1',
  publisher: 'Office for National Statistics (Nomis)',
  url: DATASET_PAGE,
  cadence: 'quarterly (rolling 12 months); January-December periods read',
  tier: 'api',
  detect: async (upstream) => {
    const files = (await upstream.listFolder(FOLDER)).filter((f) => {
      const years = RELAY.exec(f);
      return years !== null && years[1] === years[2];
    });
    if (files.length === 0) {
      const refs = nomisRefs(NOMIS_API, KNOWN_YEARS);
      const reachable = await Promise.all(refs.map((r) => upstream.has(r.location)));
      return refs.filter((_, i) => reachable[i]);
    }
    return files
      .map((file) => ({ file, year: Number(RELAY.exec(file)![1]) }))
      .sort((a, b) => a.year - b.year)
      .map(({ file, year }) => ({
        label: `APS people in employment by SOC 2020 unit group, UK, January-December ${year}: Nomis NM_218_1 counts relayed by ${relayedBy(file)}, not a Nomis download`,
        seriesKey: String(year),
        location: { mirrorPath: `${FOLDER}/${file}`, url: DATASET_PAGE },
      }));
  },
  parse: async (file, ref, companions) => {
    const year = Number(ref.seriesKey);
    const name = ref.location.mirrorPath.split('/').pop()!;
    if (RELAY.test(name)) return parseRelayedCsv(file.bytes, year, relayedBy(name));
    return parseNomisPages([file.bytes, ...companions.map((c) => c.bytes)], year);
  },
  check: checkApsOccupation,
  summarise: summariseApsOccupation,
  stage: insertApsOccupationRelease,
});
