import { Type } from 'typebox';
import { PAY_AREA_SLUGS } from '../../domain/areas.js';
import type { Edition } from '../../domain/editions.js';
import { PROJECTION_AREA_SLUGS, type ProjectionAreaSlug } from '../../domain/projections.js';
import type { SourceKey } from '../../domain/sources.js';
import { ApprenticeshipsResponseSchema } from '../../schemas/apprenticeships.js';
import { DemandResponseSchema } from '../../schemas/demand.js';
import { WorkforceResponseSchema } from '../../schemas/employment.js';
import { HowToBecomeResponseSchema } from '../../schemas/how-to-become.js';
import { JobAdvertResponseSchema, LocalAdvertAreasResponseSchema } from '../../schemas/job-adverts.js';
import { LocalAreaSchema } from '../../schemas/local-areas.js';
import { OccupationProfileSchema, OccupationTitleSchema } from '../../schemas/occupations.js';
import { ProjectionResponseSchema } from '../../schemas/projections.js';
import { SKILLS_LIMIT, SkillsResponseSchema } from '../../schemas/skills.js';
import { VacancyResponseSchema } from '../../schemas/vacancies.js';
import { VisaResponseSchema } from '../../schemas/visas.js';
import { WorkProfileResponseSchema } from '../../schemas/work-profile.js';
import { countEditionRows } from '../../store/bulk.js';
import type { Db } from '../../store/schema.js';
import type { Apprenticeships } from '../apprenticeships/index.js';
import { columnsOf } from './columns.js';
import { notFoundAsNone, responseExporter, withUnitGroup, type ResponseFile } from './responses.js';
import type { BulkExporter } from './index.js';
import type { CurrentEditions } from '../current-editions.js';
import type { Demand } from '../demand/index.js';
import type { Employment } from '../employment/index.js';
import type { HowToBecome } from '../how-to-become/index.js';
import type { JobAdverts } from '../job-adverts/index.js';
import type { LocalAreas } from '../local-areas/index.js';
import type { Occupations } from '../occupations/index.js';
import type { Pay } from '../pay/index.js';
import { LMSP_AREAS, type Projections } from '../projections/index.js';
import type { Skills } from '../skills/index.js';
import type { Vacancies } from '../vacancies/index.js';
import type { Visas } from '../visas/index.js';
import type { WorkProfile } from '../work-profile/index.js';

/** The query objects whose responses the bulk files are built from. */
interface BulkQueries {
  db: Db;
  currentEditions: CurrentEditions;
  occupations: Occupations;
  employment: Employment;
  pay: Pay;
  skills: Skills;
  workProfile: WorkProfile;
  localAreas: LocalAreas;
  vacancies: Vacancies;
  projections: Projections;
  visas: Visas;
  demand: Demand;
  jobAdverts: JobAdverts;
  howToBecome: HowToBecome;
  apprenticeships: Apprenticeships;
}

/** The most skills /skills lists (its `limit`'s maximum): every skill the profile ranks, up to it. */
const SKILLS_LISTED = SKILLS_LIMIT.maximum;

/** Sources registered so that the service can say it has none of their figures (src/ingest/unreleased-source.ts). */
const UNREAD =
  'no release of this source is read (it has no parser until a real release has been seen; one found upstream is recorded, never read), so the service serves none of its figures.';

/** Why the sources with no bulk files have none: an input to joins whose results other files hold, or a source not read. */
export const WITHOUT_FILES: Partial<Record<SourceKey, string>> = {
  'soc-crosswalk':
    "No file of its own: ONS's SOC 2010 to SOC 2020 relationship table is an input to joins, not served as rows. What it carries is in other files: projections for the UK from Working Futures (`working-futures-uk`, each row's `derivation`), how-to-become's placements (`ncs-job-profiles`).",
  'onet-soc-2010-crosswalk':
    "No file of its own: an input to the chain from SOC 2020 to O*NET-SOC, not served as rows. Each unit group's chain and matched US occupations are in the work profile file (`onet-interests`: `chain`, `basedOn`).",
  'onet-soc-2019-crosswalk':
    "No file of its own: an input to the chain from SOC 2020 to O*NET-SOC, not served as rows. Each unit group's chain and matched US occupations are in the work profile file (`onet-interests`: `chain`, `basedOn`).",
  'onet-soc-2018-crosswalk':
    "No file of its own: an input to the chain from SOC 2020 to O*NET-SOC, not served as rows. Each unit group's chain and matched US occupations are in the work profile file (`onet-interests`: `chain`, `basedOn`).",
  'isco-us-soc-crosswalk':
    "No file of its own: BLS's ISCO-08 to US SOC table is an input to the chain from SOC 2020 to O*NET-SOC, not served as rows. Each unit group's chain is in the work profile file (`onet-interests`: `chain`).",
  'ess-vacancies-nations':
    'No file: the service does not serve vacancy figures for the nations (GET /v1/occupations/{soc}/vacancies?area=<nation> answers 404; no release of this source is read), so there are no rows to download.',
  'census-occupation-age':
    'No file of its own: the Census 2021 age bands are served in /workforce, so they are in the workforce file (`aps-occupation-industry`: `ageBands`, `agedUnder25Percent`, `aged55AndOverPercent`, `ageBandsPeople`).',
  'aps-occupation-age': `No file: ${UNREAD} /workforce's age bands are empty and its \`coverage.note\` says why.`,
  't-levels': `No file: ${UNREAD} /apprenticeships gives \`tLevels\` as null until one is.`,
  'apprenticeship-units': `No file: ${UNREAD} /apprenticeships lists no apprenticeship units until one is.`,
  'foundation-apprenticeships': `No file: ${UNREAD} /apprenticeships lists no foundation apprenticeships until one is.`,
  'higher-technical-qualifications': `No file: ${UNREAD} /apprenticeships lists no higher technical qualifications until one is.`,
};

/** Every source's bulk exporter, each built from the same code as the JSON response it matches. */
export function bulkExporters(q: BulkQueries): Partial<Record<SourceKey, BulkExporter>> {
  const { db, occupations, currentEditions } = q;
  const rowsIn = (table: 'ashe_pay' | 'aps_occupation_counts') => (e: Edition) => countEditionRows(db, table, e.id);
  const endpoint = <R extends object>(source: SourceKey, file: ResponseFile<R>) =>
    responseExporter(source, file, occupations, currentEditions);
  const workProfile = (note: string, from: 'own' | 'joined' = 'joined'): ResponseFile<object> => ({
    matches: 'GET /v1/occupations/{soc}/work-profile',
    note: `One record a unit group, the whole work profile; ${note}`,
    schema: WorkProfileResponseSchema,
    from,
    responses: async (soc) => [await q.workProfile.workProfile(soc)],
  });
  const skills = (note: string, from: 'own' | 'joined' = 'joined'): ResponseFile<object> => ({
    matches: `GET /v1/occupations/{soc}/skills?limit=${SKILLS_LISTED}`,
    note: `One record a unit group, the whole skills response; ${note}`,
    schema: SkillsResponseSchema,
    from,
    responses: async (soc) => [await q.skills.skills(soc, null, SKILLS_LISTED)],
  });
  const apprenticeships = (note: string, from: 'own' | 'joined' = 'joined'): ResponseFile<object> => ({
    matches: 'GET /v1/occupations/{soc}/apprenticeships?includeInactive=true',
    note: `One record a unit group with a placement, the whole response; ${note}`,
    schema: ApprenticeshipsResponseSchema,
    from,
    responses: async (soc) => [await q.apprenticeships.apprenticeships(soc, { includeInactive: true })],
  });
  const projections = (slug: ProjectionAreaSlug): ResponseFile<object> => ({
    matches: `GET /v1/occupations/{soc}/projections?area=${slug}`,
    note: 'One record a unit group (the figures are those of its sub-major group, as `derivation` says).',
    schema: ProjectionResponseSchema,
    from: 'own',
    responses: async (soc) => [await q.projections.outlook(soc, slug)],
  });
  const lmsp = Object.fromEntries(
    PROJECTION_AREA_SLUGS.map((slug) => [LMSP_AREAS[slug], endpoint(LMSP_AREAS[slug], projections(slug))]),
  );

  return {
    'soc2020-structure': {
      matches: 'GET /v1/occupations',
      note: 'Less `titleCount`, which comes from the coding index.',
      scope: 'every',
      rows: (e) => occupations.unitGroupCount(e),
      records: (e) => occupations.bulkRecords(e),
    },
    'soc2020-index': endpoint('soc2020-index', {
      matches: 'GET /v1/occupations/{soc}/titles',
      note: 'One record a job title, its unit group in `soc2020`.',
      schema: withUnitGroup(OccupationTitleSchema),
      from: 'joined',
      responses: async (soc) => [await occupations.titles(soc)],
      rows: (titles, soc) => titles.map((t) => ({ soc2020: soc, ...t })),
    }),
    'soc2020-descriptions': endpoint('soc2020-descriptions', {
      matches: 'GET /v1/occupations/{soc}',
      note: "One record a unit group with a description: its code, title and `about` (this source's text, with its provenance).",
      schema: Type.Object({
        soc2020: OccupationProfileSchema.properties.soc2020,
        title: OccupationProfileSchema.properties.title,
        about: OccupationProfileSchema.properties.about,
      }),
      from: 'joined',
      responses: async (soc) => [await occupations.profile(soc)],
      rows: ({ soc2020, title, about }) => (about ? [{ soc2020, title, about }] : []),
    }),
    'ashe-table14': {
      matches: 'GET /v1/occupations/{soc}/pay',
      note: 'Less `percentChangeBasis`, `coverage` and `provenance`.',
      scope: 'every',
      rows: rowsIn('ashe_pay'),
      records: (e) => q.pay.bulkRecords(e),
    },
    'ashe-table15': {
      matches: 'GET /v1/occupations/{soc}/pay?area=<region>',
      note: 'Less `percentChangeBasis`, `coverage` and `provenance`.',
      scope: 'every',
      rows: rowsIn('ashe_pay'),
      records: (e) => q.pay.bulkRecords(e),
    },
    'aps-occupation': {
      matches: "GET /v1/occupations/{soc}/employment's `employment` (for each breakdown)",
      scope: 'every',
      rows: rowsIn('aps_occupation_counts'),
      records: (e) => q.employment.bulkRecords(e),
    },
    'aps-occupation-industry': endpoint('aps-occupation-industry', {
      matches: 'GET /v1/occupations/{soc}/workforce',
      note: 'One record a unit group with published figures.',
      schema: WorkforceResponseSchema,
      from: 'own',
      responses: async (soc) => [await q.employment.workforce(soc)],
    }),
    'ons-geography': {
      matches: 'GET /v1/local-areas',
      note: 'One record a local area.',
      scope: 'current',
      columns: columnsOf(LocalAreaSchema),
      async *records() {
        yield await q.localAreas.localAreas();
      },
    },
    'online-job-adverts': endpoint('online-job-adverts', {
      matches: 'GET /v1/occupations/{soc}/job-adverts?area=<area>',
      note: 'One record a unit group and area (the UK and each region), where the endpoint answers.',
      schema: JobAdvertResponseSchema,
      from: 'own',
      responses: async (soc) => {
        const answers = [];
        for (const area of PAY_AREA_SLUGS)
          answers.push(...(await notFoundAsNone(async () => [await q.jobAdverts.occupation(soc, area)])));
        return answers;
      },
    }),
    'online-job-adverts-local': endpoint('online-job-adverts-local', {
      matches: 'GET /v1/occupations/{soc}/job-adverts/local',
      note: 'One record a unit group: every local area it is counted in.',
      schema: LocalAdvertAreasResponseSchema,
      from: 'own',
      responses: async (soc) => [await q.jobAdverts.localAreas(soc)],
    }),
    'esco-occupation-skills': endpoint(
      'esco-occupation-skills',
      skills('this source relates ESCO occupations to skills, the relations each profile is weighted from.', 'own'),
    ),
    'esco-skills': endpoint('esco-skills', skills('this source names and describes each skill listed (`skills`).')),
    'esco-occupations': endpoint(
      'esco-occupations',
      skills('this source gives the ESCO occupations each unit group is placed on (`relatedOccupations`).'),
    ),
    'onet-occupations': endpoint(
      'onet-occupations',
      workProfile('this source gives the US occupations matched (`basedOn`).'),
    ),
    'onet-interests': endpoint('onet-interests', workProfile('this source gives the interests (`interests`).', 'own')),
    'onet-abilities': endpoint('onet-abilities', workProfile('this source gives the abilities (`abilities`).')),
    'ess-vacancies': endpoint('ess-vacancies', {
      matches: 'GET /v1/occupations/{soc}/vacancies',
      note: 'One record a unit group.',
      schema: VacancyResponseSchema,
      from: 'own',
      responses: async (soc) => [await q.vacancies.vacancies(soc, 'uk')],
    }),
    ...lmsp,
    'working-futures-uk': endpoint('working-futures-uk', {
      ...projections('uk'),
      note: 'One record a unit group, while the UK workbook of the 2020-2035 round (`lmsp-uk`) is not available: the figures of the SOC 2010 sub-major group holding most of its workers, as `derivation` says. Once it is, /projections?area=uk serves it instead and this file is empty.',
    }),
    'occupations-in-demand': endpoint('occupations-in-demand', {
      matches: 'GET /v1/occupations/{soc}/demand',
      note: 'One record a unit group.',
      schema: DemandResponseSchema,
      from: 'own',
      responses: async (soc) => [await q.demand.occupation(soc)],
    }),
    'apprenticeship-standards': endpoint(
      'apprenticeship-standards',
      apprenticeships('this source gives the apprenticeship standards (`occupations[].products`).', 'own'),
    ),
    'apprenticeship-standards-2023': endpoint(
      'apprenticeship-standards-2023',
      apprenticeships(
        "this source gives the standards of January 2023 that the 2026 list lacks, each with its status then and its `release` (the 2026 list's record wins where both hold one).",
      ),
    ),
    'ncs-job-profiles': endpoint('ncs-job-profiles', {
      matches: 'GET /v1/occupations/{soc}/how-to-become',
      note: 'One record a unit group with a placed profile.',
      schema: HowToBecomeResponseSchema,
      from: 'own',
      responses: async (soc) => [await q.howToBecome.howToBecome(soc)],
    }),
    'ncs-content-export-2020': endpoint('ncs-content-export-2020', {
      matches: 'GET /v1/occupations/{soc}/how-to-become',
      note: "One record a unit group with a placed profile; this source's 2020 export fills in what the live pages lack.",
      schema: HowToBecomeResponseSchema,
      from: 'joined',
      responses: async (soc) => [await q.howToBecome.howToBecome(soc)],
    }),
    'home-office-work-visas': endpoint('home-office-work-visas', {
      matches: 'GET /v1/occupations/{soc}/visas',
      note: 'One record a unit group with grants.',
      schema: VisaResponseSchema,
      from: 'own',
      responses: async (soc) => [await q.visas.occupation(soc)],
    }),
  };
}
