import { upstreamPath } from '../upstream.js';
import { labourDemandWorkbook } from '../labour-demand-workbook.js';
import { relationshipWorkbook } from '../relationship-workbook.js';
import { file, html, json, type PublisherResponse } from './routes.js';

/**
 * ONS addresses the recordings do not hold, built in the recorded shapes (landing and edition
 * `/data` as `quarterlycountryandregionalgdp.*.data.json`, ad hoc `/data` as `adhoc-13524.data.json`)
 * with the mirror's files at ONS's `/file?uri=` addresses.
 */

const ONS = 'https://www.ons.gov.uk';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const ASHE_DATASETS = {
  14: '/employmentandlabourmarket/peopleinwork/earningsandworkinghours/datasets/occupation4digitsoc2010ashetable14',
  15: '/employmentandlabourmarket/peopleinwork/earningsandworkinghours/datasets/regionbyoccupation4digitsoc2010ashetable15',
} as const;

export interface AsheEditionSpec {
  year: number;
  kind: 'provisional' | 'revised';
  releaseDate?: string;
  /** `versions[]`: each earlier version's update date, and its correction notice ('' when none). */
  versions?: { updateDate: string; correctionNotice?: string }[];
  /** The zip's bytes or path; default: the mirror's `ashe-table14/ashetable14<year><kind>.zip`. */
  zip?: Uint8Array | string;
}

function datasetRoutes(
  datasetPath: string,
  title: string,
  editions: {
    slug: string;
    name: string;
    files: [string, PublisherResponse][];
    releaseDate: string;
    versions: AsheEditionSpec['versions'];
  }[],
): [string, PublisherResponse][] {
  const landing = {
    datasets: editions.map((e) => ({ uri: `${datasetPath}/${e.slug}` })),
    timeseries: false,
    links: [],
    alerts: [],
    type: 'dataset_landing_page',
    uri: datasetPath,
    description: { title, releaseDate: editions[0]?.releaseDate ?? '', nextRelease: '' },
  };
  return [
    [`${ONS}${datasetPath}/data`, json(landing)],
    ...editions.flatMap((e): [string, PublisherResponse][] => {
      const uri = `${datasetPath}/${e.slug}`;
      const edition = {
        downloads: e.files.map(([name]) => ({ file: name })),
        supplementaryFiles: [],
        versions: (e.versions ?? []).map((v, i) => ({
          uri: `${uri}/previous/v${i + 1}`,
          updateDate: v.updateDate,
          correctionNotice: v.correctionNotice ?? '',
          label: '',
        })),
        type: 'dataset',
        uri,
        description: { releaseDate: e.releaseDate, edition: e.name, versionLabel: '' },
      };
      return [
        [`${ONS}${uri}/data`, json(edition)],
        ...e.files.map(([name, response]): [string, PublisherResponse] => [`${ONS}/file?uri=${uri}/${name}`, response]),
      ];
    }),
  ];
}

/**
 * The datasets' titles as ONS names them, as third parties cite them (none is recorded): Table 14's
 * in projects' source notes ("Dataset: …", "Pulled from …"), Table 15's in a paper's reference list
 * ("… ASHE Table 15 (2020 revised edition) [data collection]").
 */
export const ASHE_TITLES = {
  14: 'Earnings and hours worked, occupation by four-digit SOC: ASHE Table 14',
  15: 'Earnings and hours worked, region by occupation by four-digit SOC: ASHE Table 15',
} as const;

/** An ASHE table's landing, its editions (in the order given: page order is not date order) and their zips. */
export function asheRoutes(family: 14 | 15, editions: AsheEditionSpec[]): [string, PublisherResponse][] {
  return datasetRoutes(
    ASHE_DATASETS[family],
    ASHE_TITLES[family],
    editions.map((e) => {
      const name = `ashetable${family}${e.year}${e.kind}.zip`;
      const zip = e.zip ?? upstreamPath(`ashe-table${family}/${name}`);
      const response: PublisherResponse =
        typeof zip === 'string' ? file(zip, 'application/zip') : { contentType: 'application/zip', body: zip };
      return {
        slug: `${e.year}${e.kind}`,
        name: `${e.year} ${e.kind}`,
        files: [[name, response]],
        releaseDate: e.releaseDate ?? `${e.year}-10-${e.kind === 'provisional' ? 23 : 22}T06:00:00.000Z`,
        versions: e.versions,
      };
    }),
  );
}

export const SOC2020_PAGES = {
  volume1:
    '/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020/soc2020volume1structureanddescriptionsofunitgroups',
  volume2:
    '/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020/soc2020volume2codingrulesandconventions',
} as const;

/**
 * A methodology page linking its files as ONS pages do (`href="/file?uri=<page>/<file>"`, `&amp;`
 * in query strings); its `/data` is not served (unrecorded: the client reads the HTML).
 */
export function methodologyPageRoutes(
  page: string,
  files: [string, Uint8Array | string][],
): [string, PublisherResponse][] {
  const links = files
    .map(([name]) => `<li><a href="/file?uri=${page}/${name}" aria-label="Download ${name}">${name}</a></li>`)
    .join('\n');
  return [
    [
      `${ONS}${page}`,
      html(
        `<!DOCTYPE html><html><body><main><ul>${links}</ul><a href="mailto:occupation.information@ons.gov.uk">Contact</a></main></body></html>`,
      ),
    ],
    ...files.map(([name, body]): [string, PublisherResponse] => [
      `${ONS}/file?uri=${page}/${name}`,
      typeof body === 'string' ? file(body, XLSX) : { contentType: XLSX, body },
    ]),
  ];
}

/** The SOC 2010 / SOC 2020 relationship user guide (address from the pages corpus). */
export const RELATIONSHIP_PAGE =
  '/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020/therelationshipbetweenstandardoccupationalclassification2010andstandardoccupationalclassification2020';

/**
 * The relationship page linking its tables workbook. The workbook's name is made up (none is
 * recorded); its bytes are a workbook built in the evidenced layout from the mirror's rows
 * (`relationship-workbook.ts`), or `body` (a path or bytes) for every name.
 */
export const relationshipRoutes = (
  names = ['soc2010soc2020relationshiptables16042025.xlsx'],
  body: Uint8Array | string = builtRelationshipWorkbook(),
): [string, PublisherResponse][] =>
  methodologyPageRoutes(
    RELATIONSHIP_PAGE,
    names.map((name) => [name, body]),
  );

let relationshipBytes: Uint8Array | null = null;
function builtRelationshipWorkbook(): Uint8Array {
  return (relationshipBytes ??= relationshipWorkbook());
}

export const APS_ADHOC =
  '/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/adhocs/3136employmentbyoccupationandindustrysectionasuk2021to2024';

/** The APS ad hoc 3136 (`static_adhoc`) and its workbook. */
export function apsAdhocRoutes(
  workbook: string = upstreamPath(
    'aps-occupation-industry/employmentby4digitsoc1digitindustryatosuk20212024final.xlsx',
  ),
  name = 'employmentby4digitsoc1digitindustryatosuk20212024final.xlsx',
): [string, PublisherResponse][] {
  const title = 'Employment by occupation and industry section, UK, 2021 to 2024';
  return [
    [
      `${ONS}${APS_ADHOC}/data`,
      json({
        downloads: [{ title, file: name }],
        markdown: ['Annual Population Survey estimates of employment by 4-digit SOC 2020 and industry section.'],
        links: [],
        type: 'static_adhoc',
        uri: APS_ADHOC,
        description: {
          title,
          keywords: [],
          metaDescription: '',
          releaseDate: '2025-11-13T00:00:00.000Z',
          reference: '3136',
        },
      }),
    ],
    [`${ONS}/file?uri=${APS_ADHOC}/${name}`, file(workbook, XLSX)],
  ];
}

/** ONS's labour demand dataset (online job adverts), at its evidenced address (`_publishers/LAYOUTS.md` §2.5). */
export const LABOUR_DEMAND_DATASET =
  '/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/datasets/labourdemandvolumesbystandardoccupationclassificationsoc2020uk';

interface LabourDemandEdition {
  /** `january2017tojuly2026`. */
  slug: string;
  /** `January 2017 to July 2026`. */
  name: string;
  releaseDate: string;
  /** The workbook's bytes; default: one built in the current layout. */
  workbook?: Uint8Array;
}

const JULY_2026: LabourDemandEdition = {
  slug: 'january2017tojuly2026',
  name: 'January 2017 to July 2026',
  releaseDate: '2026-08-21T06:00:00.000Z',
};

/** The labour demand dataset's landing and editions, each offering `labourdemandbyoccupation.xlsx`. */
export function labourDemandRoutes(editions: LabourDemandEdition[] = [JULY_2026]): [string, PublisherResponse][] {
  return datasetRoutes(
    LABOUR_DEMAND_DATASET,
    'Labour demand volumes by Standard Occupation Classification (SOC 2020), UK',
    editions.map((e) => ({
      slug: e.slug,
      name: e.name,
      files: [
        ['labourdemandbyoccupation.xlsx', { contentType: XLSX, body: e.workbook ?? labourDemandWorkbook().bytes }],
      ],
      releaseDate: e.releaseDate,
      versions: [],
    })),
  );
}

export const CENSUS_AGE_DATASET =
  '/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/datasets/occupationsofthoseinemploymentbyageandsexenglandandwalescensus2021';
/** The name the double gives the workbook: made up (no copy, link or name of it has been seen). */
export const CENSUS_AGE_WORKBOOK = 'occupationsbyageandsexenglandandwalescensus2021.xlsx';

export interface CensusAgeEdition {
  slug: string;
  name: string;
  releaseDate: string;
  files: [string, Uint8Array][];
  versions?: AsheEditionSpec['versions'];
}

/** The Census age-sex dataset's landing and editions, in the recorded dataset shapes, serving the workbooks given. */
export function censusAgeRoutes(editions: CensusAgeEdition[]): [string, PublisherResponse][] {
  return datasetRoutes(
    CENSUS_AGE_DATASET,
    'Occupations of those in employment, by age and sex, England and Wales, Census 2021',
    editions.map((e) => ({
      slug: e.slug,
      name: e.name,
      releaseDate: e.releaseDate,
      versions: e.versions,
      files: e.files.map(([name, body]): [string, PublisherResponse] => [name, { contentType: XLSX, body }]),
    })),
  );
}
