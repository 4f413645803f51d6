import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DocTag } from '../../http/docs.js';
import { bulkRoutes } from './bulk/index.js';
import { changeRoutes } from './changes/index.js';
import { demandRoutes } from './demand/index.js';
import { jobAdvertRoutes } from './job-adverts/index.js';
import { keyRoutes } from './keys/index.js';
import { localAreaRoutes } from './local-areas/index.js';
import { metaRoutes } from './meta/index.js';
import { apprenticeshipRoutes } from './occupations/apprenticeships/index.js';
import { occupationDemandRoutes } from './occupations/demand/index.js';
import { employmentRoutes } from './occupations/employment/index.js';
import { howToBecomeRoutes } from './occupations/how-to-become/index.js';
import { moveRoutes } from './occupations/moves/index.js';
import { occupationRoutes } from './occupations/index.js';
import { occupationJobAdvertRoutes } from './occupations/job-adverts/index.js';
import { payRoutes } from './occupations/pay/index.js';
import { projectionRoutes } from './occupations/projections/index.js';
import { skillRoutes } from './occupations/skills/index.js';
import { vacancyRoutes } from './occupations/vacancies/index.js';
import { occupationVisaRoutes } from './occupations/visas/index.js';
import { workProfileRoutes } from './occupations/work-profile/index.js';
import { visaRoutes } from './visas/index.js';
import { webhookRoutes } from './webhooks/index.js';

/**
 * Every /v1 endpoint group (a folder beside this file) with its prefix: a new group is its folder,
 * its import and one line here. A group's routes under /v1/occupations/{soc} live in
 * `occupations/<group>/`, its lists across occupations in `<group>/`. The order is the order of the
 * paths in the OpenAPI document.
 */
const GROUPS: ReadonlyArray<readonly [prefix: string, routes: FastifyPluginAsyncTypebox]> = [
  ['/meta', metaRoutes],
  ['/meta', changeRoutes],
  ['/bulk', bulkRoutes],
  ['/webhooks', webhookRoutes],
  ['/keys', keyRoutes],
  ['/occupations', occupationRoutes],
  ['/occupations', skillRoutes],
  ['/occupations', workProfileRoutes],
  ['/occupations', employmentRoutes],
  ['/local-areas', localAreaRoutes],
  ['/occupations', payRoutes],
  ['/occupations', vacancyRoutes],
  ['/occupations', projectionRoutes],
  ['/occupations', howToBecomeRoutes],
  ['/occupations', apprenticeshipRoutes],
  ['/occupations', moveRoutes],
  ['/occupations', occupationVisaRoutes],
  ['', visaRoutes],
  ['/occupations', occupationDemandRoutes],
  ['', demandRoutes],
  ['/occupations', occupationJobAdvertRoutes],
  ['', jobAdvertRoutes],
];

/** Every tag the routes use, in the order the docs page shows them: a new group's tag is one line here. */
export const TAGS: readonly DocTag[] = [
  {
    name: 'Occupations',
    description:
      'Find an occupation from a job title, and what it is: the 412 SOC 2020 unit groups, their place in the classification, job titles and tasks (ONS SOC 2020).',
  },
  {
    name: 'Pay',
    description:
      'Pay and paid hours of employee jobs: distribution, mean, jobs and quality, by year, sex, work pattern and area (ONS ASHE).',
  },
  {
    name: 'Employment',
    description:
      'People in employment in an occupation, and its workforce: age, qualifications and the industries employing most (ONS Annual Population Survey).',
  },
  {
    name: 'Projections',
    description:
      "Employment projections for the occupation's sub-major group (Warwick IER and Cambridge Econometrics for DfE): England 2020-2035 on SOC 2020; the UK from Working Futures 2017-2027 on SOC 2010, said so in `derivation`; other areas 404 until their workbooks are available.",
  },
  {
    name: 'Vacancies',
    description:
      "Vacancies, hard-to-fill and skill-shortage vacancies from the Employer Skills Survey (DfE), which codes to SOC 2010: the figures of the SOC 2010 unit group supplying most of the occupation's workers, said so in `derivation`.",
  },
  {
    name: 'Visas',
    description:
      'Sponsored work visa applications and grants by occupation, route, nationality and industry (Home Office). Until a release of `home-office-work-visas` is ingested (see /v1/meta/sources), the endpoints answer 404 naming it.',
  },
  {
    name: 'Occupations in demand',
    description:
      'The demand level of each occupation from five labour market indicators (Skills England, Department for Education). Until a release of `occupations-in-demand` is ingested, the endpoints answer 404 naming it.',
  },
  {
    name: 'Job adverts',
    description:
      'New online job adverts by occupation: monthly for the UK and regions, quarterly for local areas (ONS). Until releases of `online-job-adverts` and `online-job-adverts-local` are ingested, the endpoints answer 404 naming them.',
  },
  {
    name: 'Skills and work profile',
    description:
      'Skills of related ESCO occupations (through ISCO-08), and interests from O*NET (through ISCO-08 and the US SOC).',
  },
  {
    name: 'How to become',
    description:
      'Routes into an occupation (university, college, apprenticeship, work and others) from the National Careers Service job profiles placed on it by title: the pages as published in 2026, else the November 2020 content export, said so with each profile.',
  },
  {
    name: 'Apprenticeships',
    description:
      'Apprenticeship standards approved for delivery (Skills England), related to an occupation by derivation (partial matches): NCS profile links and typical job titles in the ONS coding index.',
  },
  {
    name: 'Career moves',
    description:
      'Beyond the spec: the occupations within reach of one by its skills (ESCO), what they pay (ASHE), their outlook, vacancies and routes in, and two occupations compared. Closeness compares skill descriptions; it is not observed job-to-job moves.',
  },
  {
    name: 'Local areas',
    description: 'The local areas (April 2023 districts, London as one) with the slugs the local endpoints take.',
  },
  {
    name: 'Bulk downloads',
    description:
      'Every row the service serves from a release, in one CSV or JSON Lines file per edition, in the JSON responses’ field names: to load a whole source, or check it against the API. Key needed.',
  },
  {
    name: 'Metadata',
    description:
      'The upstream sources, every release read, the ingest status and the change feed (JSON Feed and Atom). No key needed.',
  },
  {
    name: 'Webhooks',
    description:
      'Each change feed entry POSTed to an https:// address a key holder registers, signed the Standard Webhooks way (HMAC-SHA256 with a secret per webhook), retried with back-off, disabled after 8 failures in a row. Key needed; a key sees only its own webhooks.',
  },
  { name: 'Keys', description: 'Free API keys by e-mail confirmation. No key needed.' },
];

export const v1Routes: FastifyPluginAsyncTypebox = async (app) => {
  for (const [prefix, routes] of GROUPS) await app.register(routes, { prefix });
};
