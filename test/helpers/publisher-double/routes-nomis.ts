import { readFileSync } from 'node:fs';
import {
  NOMIS_API,
  NOMIS_DATA,
  NOMIS_DATASET,
  NOMIS_DEFINITION,
  nomisRefs,
} from '../../../src/ingest/sources/ons/aps-occupation/nomis.js';
import { NOMIS_COLUMNS } from '../../../src/ingest/sources/ons/aps-occupation/parse.js';
import { readCsv } from '../../../src/ingest/formats/delimited.js';
import { upstreamPath } from '../upstream.js';
import { json, type PublisherResponse } from './routes.js';

/**
 * Nomis NM_218_1 as the API is documented and used by third-party clients (no answer of it has
 * been recorded): the dataset definition (updatabot/python-updatabot `SchemaDataset.py`), the time
 * codelist (`SchemaCodelist.py`; revision annotations as in an okf-ons codelist test) and the CSV
 * pages of the query `nomisRefs` builds, in the columns its `select=` asks for.
 */

const CSV = 'text/csv';
const CODELIST = 'CL_218_1_TIME';

export type NomisCell = readonly [string, string];
export const SEX = { all: ['0', 'All persons'], female: ['2', 'Female'] } as const;
export const FTPT = { all: ['0', 'All'], part: ['2', 'Part-time'] } as const;
export const ETYPE = { all: ['0', 'All'], self: ['2', 'Self-employed'] } as const;
export const UK: NomisCell = ['K02000001', 'United Kingdom'];

/** One row of a Nomis page, without its RECORD_COUNT (added by `nomisPage`). */
export function nomisRow(
  area: NomisCell,
  sex: NomisCell,
  ftpt: NomisCell,
  etype: NomisCell,
  measure: 'Value' | 'Confidence',
  value: string,
  status = value === '' ? 'Q' : 'A',
  cell: { year: number; soc: NomisCell } = { year: 2025, soc: ['49', '2121 : Civil engineers'] },
): string[] {
  const { year, soc } = cell;
  return [
    `${year}-12`,
    `Jan ${year}-Dec ${year}`,
    ...area,
    ...sex,
    ...ftpt,
    ...etype,
    ...soc,
    measure === 'Value' ? '20100' : '20701',
    measure,
    value,
    status,
  ];
}

/** A Nomis CSV page as the query's `select=` asks for it (names quoted, numbers bare), built here. */
export function nomisPage(rows: string[][], recordCount: number): Uint8Array {
  const quote = (v: string) => (/^\d+$/.test(v) || v === '' ? v : `"${v}"`);
  const lines = rows.map((r) => [...r, String(recordCount)].map(quote).join(','));
  return new TextEncoder().encode([NOMIS_COLUMNS.map((c) => `"${c}"`).join(','), ...lines].join('\n') + '\n');
}

const relayRows = (year: number) =>
  readCsv(
    readFileSync(upstreamPath(`aps-employment-4digit/nomis_nm218_uk_soc2020_unitgroups_jan${year}-dec${year}.csv`)),
    ['soc2020_code', 'obs_value'],
    `the ${year} relay`,
  );

/**
 * The real UK counts of a relayed year (2022 or 2025) as Nomis's first page: the all-persons,
 * all-jobs Value rows only (the relays carry nothing else), the unit group named as in the 2025
 * relay and numbered by its place there (2121 is 49, as third-party extracts show). A blank is left
 * out, not guessed at. `more` adds rows the relay does not have (breakdowns, intervals, nations),
 * given the Nomis cell of a unit group. The other pages hold the header only.
 */
export function relayedAsNomis(
  year: 2022 | 2025,
  more: (unitGroup: (soc: string) => { year: number; soc: NomisCell }) => string[][] = () => [],
): Uint8Array[] {
  const names = new Map(
    relayRows(2025).map((r, i): [string, NomisCell] => [
      r.soc2020_code!,
      [String(i + 1), `${r.soc2020_code} : ${r.soc2020_label}`],
    ]),
  );
  const cell = (soc: string) => ({ year, soc: names.get(soc)! });
  const rows = [
    ...relayRows(year)
      .filter((r) => r.obs_value !== '')
      .map((r) => nomisRow(UK, SEX.all, FTPT.all, ETYPE.all, 'Value', r.obs_value!, 'A', cell(r.soc2020_code!))),
    ...more(cell),
  ];
  const [first] = nomisRefs(NOMIS_DATA, [year]);
  return [nomisPage(rows, rows.length), ...first!.companions!.map(() => nomisPage([], rows.length))];
}

interface NomisPeriodSpec {
  year: number;
  /** The period's CurrentRevisionReleased annotation. */
  released: string;
  /** Its pages; default: the relayed counts of that year. */
  pages?: Uint8Array[];
}

/** The rolling periods around a year's Jan-Dec one, as the codelist lists them: not read. */
const rolling = (year: number) => [
  { value: `${year}-03`, name: `Apr ${year - 1}-Mar ${year}` },
  { value: `${year}-06`, name: `Jul ${year - 1}-Jun ${year}` },
  { value: `${year}-09`, name: `Oct ${year - 1}-Sep ${year}` },
];

/** The time codelist's body for these periods, rolling ones between them. */
export function nomisCodelist(periods: { year: number; released: string }[]): unknown {
  const code = periods.flatMap(({ year, released }) =>
    [...rolling(year), { value: `${year}-12`, name: `Jan ${year}-Dec ${year}` }].map((p) => ({
      annotations: {
        annotation: [
          { annotationtitle: 'CurrentRevisionStatus', annotationtext: 'Live' },
          { annotationtitle: 'CurrentRevisionReleased', annotationtext: released },
        ],
      },
      description: { value: p.name, lang: 'en' },
      value: p.value,
    })),
  );
  return {
    structure: {
      codelists: {
        codelist: [{ agencyid: 'NOMIS', id: CODELIST, code, name: { value: 'date', lang: 'en' }, uri: '' }],
      },
      header: { id: NOMIS_DATASET, prepared: '2026-02-17T09:00:00Z', sender: { id: 'NOMIS' }, test: 'false' },
    },
  };
}

export const NOMIS_CODELIST_URL = `${NOMIS_API}/codelist/${CODELIST}.def.sdmx.json`;

/** The definition, the codelist of `periods` and each period's query pages. */
export function nomisRoutes(
  periods: NomisPeriodSpec[],
  lastUpdated = '2026-02-17 07:00:00',
): [string, PublisherResponse][] {
  const definition = {
    structure: {
      keyfamilies: {
        keyfamily: [
          {
            agencyid: 'NOMIS',
            id: NOMIS_DATASET,
            annotations: {
              annotation: [
                { annotationtitle: 'Status', annotationtext: 'Current (being actively updated)' },
                { annotationtitle: 'LastUpdated', annotationtext: lastUpdated },
              ],
            },
            components: { timedimension: { codelist: CODELIST, conceptref: 'TIME' } },
            name: {
              value: 'annual population survey - regional - occupation (SOC2020) by sex by employment type',
              lang: 'en',
            },
            uri: 'Nm-218d1',
            version: 1.0,
          },
        ],
      },
    },
  };
  return [
    [NOMIS_DEFINITION, json(definition)],
    [NOMIS_CODELIST_URL, json(nomisCodelist(periods))],
    ...periods.flatMap(({ year, pages }): [string, PublisherResponse][] => {
      const [ref] = nomisRefs(NOMIS_DATA, [year]);
      const bodies = pages ?? relayedAsNomis(year as 2022 | 2025);
      return [ref!.location, ...ref!.companions!].map((page, k) => [
        page.url,
        { contentType: CSV, body: bodies[k] ?? nomisPage([], 0) },
      ]);
    }),
  ];
}
