import { occupationsInDemandZip } from '../occupations-in-demand-release.js';
import { upstreamPath } from '../upstream.js';
import { file, json, type PublisherResponse } from './routes.js';

/**
 * Explore Education Statistics content API answers built from its DTOs (`PublicationDto`,
 * version-summary, data-content; `_publishers/MANIFEST.md` §2c: no response is recorded), with
 * the mirror's ESS tidy-data CSV as the vacancies data set's file.
 */

const API = 'https://content.explore-education-statistics.service.gov.uk/api';

export const ESS_RELEASE = { id: '8d2e6c1a-3f0b-4d5e-9a77-2b1c0e4f5a60', slug: '2022', title: '2022' };
export const ESS_VERSION_ID = 'a3c5e7f9-1b2d-4f6a-8c0e-2d4f6a8c0e1b';
export const ESS_FILE_ID = '5b7d9f1a-3c5e-4a7c-9e1b-3d5f7a9c1e3d';

interface EesPublicationSpec {
  slug: string;
  title: string;
  release: { id: string; slug: string; title: string };
  versionId: string;
  published: string;
  dataSets?: { fileId: string; title: string; body?: PublisherResponse }[];
}

export function eesPublication(spec: EesPublicationSpec): [string, PublisherResponse][] {
  const base = `${API}/publications/${spec.slug}`;
  const release = `${base}/releases/${spec.release.slug}`;
  const dataSets = spec.dataSets ?? [];
  return [
    [
      base,
      json({
        id: '2b3c4d5e-6f70-4819-a2b3-c4d5e6f70819',
        slug: spec.slug,
        summary: '',
        title: spec.title,
        contact: {
          id: 'c0',
          contactName: 'Team',
          contactTelNo: '',
          teamEmail: 'team@education.gov.uk',
          teamName: 'Team',
        },
        latestRelease: spec.release,
        nextReleaseDate: null,
        supersededByPublication: null,
        theme: { id: 't0', summary: '', title: 'Further education' },
      }),
    ],
    [
      `${release}/version-summary`,
      json({
        id: spec.versionId,
        releaseId: spec.release.id,
        isLatestRelease: true,
        label: null,
        lastUpdated: spec.published,
        published: spec.published,
        publishingOrganisations: [],
        slug: spec.release.slug,
        title: spec.release.title,
        coverageTitle: 'Calendar year',
        yearTitle: spec.release.slug,
        type: 'OfficialStatistics',
        preReleaseAccessList: '',
        updateCount: 0,
        publication: { id: '2b3c4d5e-6f70-4819-a2b3-c4d5e6f70819', slug: spec.slug, title: spec.title },
      }),
    ],
    [
      `${release}/data-content`,
      json({
        releaseId: spec.release.id,
        releaseVersionId: spec.versionId,
        dataDashboards: null,
        dataGuidance: null,
        dataSets: dataSets.map((d, i) => ({
          dataSetFileId: `ds-${i}`,
          fileId: d.fileId,
          subjectId: `subject-${i}`,
          title: d.title,
          summary: '',
          publicApiDataSetId: null,
          isApiEnabled: false,
          meta: {
            filters: [],
            geographicLevels: ['National'],
            indicators: [],
            numDataFileRows: 1000,
            timePeriodRange: { start: '2011', end: '2022' },
          },
        })),
        featuredTables: [],
        supportingFiles: [],
      }),
    ],
    ...dataSets.flatMap((d): [string, PublisherResponse][] =>
      d.body ? [[`${API}/releases/${spec.versionId}/files/${d.fileId}`, d.body]] : [],
    ),
  ];
}

export const essRoutes = (): [string, PublisherResponse][] =>
  eesPublication({
    slug: 'employer-skills-survey',
    title: 'Employer skills survey',
    release: ESS_RELEASE,
    versionId: ESS_VERSION_ID,
    published: '2023-11-09T09:30:00Z',
    dataSets: [
      { fileId: '0e2f4a6c-8e0a-4c2e-8a4c-6e8a0c2e4a6c', title: 'Skill-shortage vacancies by sector' },
      {
        fileId: ESS_FILE_ID,
        title: 'Vacancies by occupation (4-digit SOC 2010)',
        body: file(upstreamPath('ess/data-employer-skills-survey.csv'), 'text/csv'),
      },
    ],
  });

export const DEMAND_VERSION_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** The occupations-in-demand release: its files zip at the release version's `/files` (built once). */
export function occupationsInDemandRoutes(
  versionId = DEMAND_VERSION_ID,
  zip: Uint8Array = builtDemandZip(),
): [string, PublisherResponse][] {
  return [
    ...eesPublication({
      slug: 'occupations-in-demand',
      title: 'Occupations in demand',
      release: { id: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b', slug: '2025', title: '2025' },
      versionId,
      published: '2025-06-26T09:30:00Z',
    }),
    [`${API}/releases/${versionId}/files`, { contentType: 'application/x-zip-compressed', body: zip }],
  ];
}

let demandZip: Uint8Array | null = null;
const builtDemandZip = () => (demandZip ??= occupationsInDemandZip());
