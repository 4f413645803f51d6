import { nationsZip, regionsZip } from '../area-projection-workbooks.js';
import { upstreamPath } from '../upstream.js';
import { visaWorkbook } from '../visa-workbooks.js';
import { file, json, type PublisherResponse } from './routes.js';

/**
 * GOV.UK Content API items built from the publishing-api content schemas (`publication`,
 * `statistical_data_set`; no response is recorded), attachments at assets.publishing.service.gov.uk.
 */

const ASSETS = 'https://assets.publishing.service.gov.uk/media';

interface AttachmentSpec {
  filename: string;
  /** 24 hex digits of the asset's media id. */
  media: string;
  title?: string;
  body?: PublisherResponse;
}

export function contentItem(
  basePath: string,
  schema: 'publication' | 'statistical_data_set',
  attachments: AttachmentSpec[],
  publicUpdatedAt = '2026-08-21T09:30:00.000+01:00',
): [string, PublisherResponse][] {
  const item = {
    base_path: basePath,
    content_id: '5f4c0b8e-7631-11e4-a3cb-005056011aef',
    description: '',
    document_type: schema === 'publication' ? 'official_statistics' : 'statistical_data_set',
    schema_name: schema,
    locale: 'en',
    title:
      schema === 'publication'
        ? 'Labour market and skills projections: 2020 to 2035'
        : 'Immigration system statistics data tables',
    public_updated_at: publicUpdatedAt,
    updated_at: publicUpdatedAt,
    links: {},
    details: {
      body: '<p></p>',
      political: false,
      change_history: [{ public_timestamp: publicUpdatedAt, note: 'Tables updated' }],
      attachments: [
        { attachment_type: 'html', id: 'guide', url: `${basePath}/user-guide`, title: 'User guide' },
        ...attachments.map((a, i) => ({
          attachment_type: 'file',
          id: String(i + 1),
          url: `${ASSETS}/${a.media}/${a.filename}`,
          filename: a.filename,
          title: a.title ?? a.filename,
          content_type: 'application/vnd.ms-excel.sheet.macroEnabled.12',
          file_size: 1_000_000 + i,
          accessible: false,
        })),
      ],
    },
  };
  return [
    [`https://www.gov.uk/api/content${basePath}`, json(item)],
    ...attachments.flatMap((a): [string, PublisherResponse][] =>
      a.body ? [[`${ASSETS}/${a.media}/${a.filename}`, a.body]] : [],
    ),
  ];
}

export const LMSP_PATH = '/government/publications/labour-market-and-skills-projections-2020-to-2035';
export const VISAS_PATH = '/government/statistical-data-sets/immigration-system-statistics-data-tables';

let nations: Uint8Array | undefined;
let regions: Uint8Array | undefined;

export const lmspRoutes = (): [string, PublisherResponse][] =>
  contentItem(LMSP_PATH, 'publication', [
    { filename: 'Skills_Imperative_2035_technical_report.pdf', media: '66b0c2a1a3c2a28abb50d2a1' },
    {
      filename: 'EN_MainTables.Main.xlsm',
      media: '66b0c2a1a3c2a28abb50d2b7',
      title: 'England: main tables',
      body: file(upstreamPath('lmsp-2020-2035/EN_MainTables.Main.xlsm')),
    },
    // DfE's change note names the "Nations projections" zip; the file names, the regions' title and
    // the zips' members are made up. Their workbooks are built from England's (area-projection-workbooks.ts).
    {
      filename: 'Nations_projections.zip',
      media: '66b0c2a1a3c2a28abb50d2b8',
      title: 'Nations projections',
      body: { contentType: 'application/zip', body: (nations ??= nationsZip()) },
    },
    {
      filename: 'Regions_projections.zip',
      media: '66b0c2a1a3c2a28abb50d2b9',
      title: 'Regions projections',
      body: { contentType: 'application/zip', body: (regions ??= regionsZip()) },
    },
    {
      filename: 'LSIP_projections.zip',
      media: '66b0c2a1a3c2a28abb50d2ba',
      title: 'Sub-regional projections: LSIP areas',
    },
  ]);

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How the Home Office titles an edition of the dataset (the name third parties cite it by). */
const visasTitle = (yearEnding: string) =>
  `Sponsored work entry clearance visas by occupation and industry (SOC 2020), year ending ${yearEnding}`;

/**
 * The Home Office data tables page; the newest occupation visas dataset (a workbook built in the
 * evidenced layout, test/helpers/visa-workbooks.ts) is served, the older ones are only attached.
 * `newest` replaces it (a later edition, another layout).
 */
export const visasRoutes = (
  newest: { filename: string; media: string; bytes: Uint8Array; title?: string } = {
    filename: 'occupation-soc2020-visas-datasets-jun-2026.xlsx',
    media: '6a85c4761b45e4e555421edd',
    bytes: visaWorkbook(),
    title: visasTitle('June 2026'),
  },
): [string, PublisherResponse][] =>
  contentItem(VISAS_PATH, 'statistical_data_set', [
    {
      filename: 'occupation-soc2020-visas-datasets-mar-2026.xlsx',
      media: '69f1a2b3c4d5e6f7a8b9c0d1',
      title: visasTitle('March 2026'),
    },
    {
      filename: newest.filename,
      media: newest.media,
      // The attachment's title is the release's name; one given none is titled by its file name.
      title: newest.title,
      body: { contentType: XLSX_TYPE, body: newest.bytes },
    },
    {
      filename: 'occupation-soc2020-visas-datasets-dec-2025.xlsx',
      media: '693a1b2c3d4e5f6a7b8c9d0e',
      title: visasTitle('December 2025'),
    },
    { filename: 'entry-clearance-visas-datasets-jun-2026.xlsx', media: '6a85c4761b45e4e555421ede' },
  ]);
