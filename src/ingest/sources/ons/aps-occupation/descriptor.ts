import { insertApsOccupationRelease } from '../../../../store/employment.js';
import { onsSource } from '../publisher.js';
import { checkApsOccupation, summariseApsOccupation } from './checks.js';
import { DATASET_PAGE, discoverNomisPeriods, NOMIS_DATA, nomisRefs } from './nomis.js';
import { parseNomisPages, parseRelayedCsv } from './parse.js';

const FOLDER = 'aps-employment-4digit';

const NOMIS_PAGE_1 = /^nomis-api-(\d{4})-p1\.csv$/;
const RELAY = /^nomis_nm218_uk_soc2020_unitgroups_jan(\d{4})-dec(\d{4})\.csv$/;

/** Whose copy each relayed file is (the mirror's MANIFEST; the README says how each was checked). */
const RELAYED_BY: Record<string, string> = {
  'nomis_nm218_uk_soc2020_unitgroups_jan2025-dec2025.csv': 'tcballard/uk-jobs-ai-impact@07e24d36bb52',
  'nomis_nm218_uk_soc2020_unitgroups_jan2022-dec2022.csv': 'ParthG60/ai-economic-indicators-uk@364d1cd6cb8f',
};

function relayedBy(file: string): string {
  return RELAYED_BY[file] ?? 'a third party';
}

/**
 * APS people in employment by SOC 2020 unit group (Nomis NM_218_1), one release per Jan-Dec
 * period. In the mirror: third parties' relays of its UK counts (said so in the label and a `warn`
 * check). From Nomis (`discover`): every Jan-Dec period its date codelist offers, read by the API
 * query with intervals, breakdowns and nations.
 */
export const apsOccupationSource = onsSource({
  key: 'aps-occupation',
  name: 'Annual Population Survey: people in employment by occupation (SOC 2020 unit group), Nomis NM_218_1',
  publisher: 'Office for National Statistics (Nomis)',
  url: DATASET_PAGE,
  cadence: 'quarterly (rolling 12 months); January-December periods read',
  tier: 'api',
  surface: 'Nomis API (NM_218_1 dataset definition and time codelist: January-December periods)',
  detect: async (upstream) => {
    const listed = await upstream.listFolder(FOLDER);
    const files = listed.filter((f) => {
      const years = RELAY.exec(f);
      return years !== null && years[1] === years[2];
    });
    // A mirror of Nomis's own pages (as `discover` names them) is read as the download it is.
    if (files.length === 0)
      return nomisRefs(
        NOMIS_DATA,
        listed
          .flatMap((f) => NOMIS_PAGE_1.exec(f)?.[1] ?? [])
          .map(Number)
          .sort((a, b) => a - b),
      );
    return files
      .map((file) => ({ file, year: Number(RELAY.exec(file)![1]) }))
      .sort((a, b) => a.year - b.year)
      .map(({ file, year }) => ({
        label: `APS people in employment by SOC 2020 unit group, UK, January-December ${year}: Nomis NM_218_1 counts relayed by ${relayedBy(file)}, not a Nomis download`,
        seriesKey: String(year),
        location: { mirrorPath: `${FOLDER}/${file}`, url: DATASET_PAGE },
      }));
  },
  discover: discoverNomisPeriods,
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
