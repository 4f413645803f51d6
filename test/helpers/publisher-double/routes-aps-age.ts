import { APS_AGE_ADHOC } from '../../../src/ingest/sources/ons/aps-occupation-age/descriptor.js';
import { json, type PublisherResponse } from './routes.js';

const ONS = 'https://www.ons.gov.uk';

/** The workbook name the double gives ad hoc 3501: made up (none is recorded). */
export const APS_AGE_WORKBOOK = 'userrequesteddata3501.xlsx';

/**
 * ONS user-requested data 3501's `/data`, in the `static_adhoc` shape recorded for other ad hocs
 * (`_publishers/MANIFEST.md` §1). Its workbook is never served: the source only finds it.
 */
export function apsAgeAdhocRoutes(workbook = APS_AGE_WORKBOOK): [string, PublisherResponse][] {
  const title =
    '4-digit occupational coding (SOC) by age, highest qualification, sex, 4-digit industry (SIC) and ITL3 region, UK, April 2025 to March 2026';
  return [
    [
      `${ONS}${APS_AGE_ADHOC}/data`,
      json({
        downloads: [{ title, file: workbook }],
        markdown: ['Annual Population Survey estimates of people in employment.'],
        links: [],
        type: 'static_adhoc',
        uri: APS_AGE_ADHOC,
        description: {
          title,
          keywords: [],
          metaDescription: '',
          releaseDate: '2026-07-21T23:00:00.000Z',
          reference: '3501',
        },
      }),
    ],
  ];
}
