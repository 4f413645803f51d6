/**
 * The MCP tools: the usage model of the API (find an occupation from a title, then its pay,
 * employment, outlook, skills and routes in; compare; lists across occupations), each tool one or
 * more GET requests of /v1. Their inputs are the routes' own parameter schemas, so a tool takes
 * exactly what its endpoint takes and the API's 400 names the valid values.
 */
import { Type, type TObject, type TProperties } from 'typebox';
import { ApprenticeshipsQuerySchema } from '../schemas/apprenticeships.js';
import { DemandListQuerySchema } from '../schemas/demand.js';
import { EmploymentQuerySchema } from '../schemas/employment.js';
import { JobAdvertListQuerySchema } from '../schemas/job-adverts.js';
import { SearchQuerySchema, SocParamsSchema } from '../schemas/occupations.js';
import { PayQuerySchema } from '../schemas/pay.js';
import { ProjectionQuerySchema } from '../schemas/projections.js';
import { SkillsQuerySchema } from '../schemas/skills.js';
import { VisaListQuerySchema } from '../schemas/visas.js';
import { StringEnum } from '../schemas/shared.js';

/** Compared side by side at most: the explorer's compare page shows as many (src/explore/compare-page.ts). */
const COMPARED_MAX = 3;

export type ToolArguments = Record<string, unknown>;

/** One GET of the API a tool makes: its path with the query string, and the name its answer goes under. */
export interface ApiRequest {
  part: string;
  path: string;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  /** JSON Schema of the arguments (an object). */
  input: TObject;
  /** The API requests that answer a call. */
  requests(args: ToolArguments): ApiRequest[];
  /** Whether an answer is a search: an empty list is then "no match", said in words. */
  search?: boolean;
}

const soc = SocParamsSchema.properties.soc;

/** The path parameter `soc` beside an endpoint's query parameters. */
const withSoc = (query: TObject<TProperties>) =>
  Type.Object({ soc, ...query.properties }, { additionalProperties: false });

/** `?a=1&b=2` of the arguments other than `omit`, in the order given; arrays as repeated parameters. */
function queryString(args: ToolArguments, omit: readonly string[] = ['soc']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (omit.includes(name) || value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const occupationPath = (code: unknown, rest = '') => `/v1/occupations/${encodeURIComponent(String(code))}${rest}`;

/** A tool answered by one endpoint under /v1/occupations/{soc}. */
function perOccupation(
  name: string,
  title: string,
  description: string,
  endpoint: string,
  query: TObject<TProperties> = Type.Object({}),
): ToolDefinition {
  return {
    name,
    title,
    description,
    input: withSoc(query),
    requests: (args) => [{ part: name, path: occupationPath(args.soc, `${endpoint}${queryString(args)}`) }],
  };
}

const EVERY_ANSWER =
  'The answer is the API response as served, with each figure’s `quality` and `presentable` flag, the `provenance` of the release it came from (publisher, edition, licence, URL) and any `attribution` that must be shown with it; a withheld figure is null, never zero.';

const LIST_BY = ['all', 'demand', 'job-adverts', 'visas'] as const;

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'find_occupation',
    title: 'Find an occupation from a job title',
    description:
      'Resolves a free-text job title to SOC 2020 unit groups (four-digit codes), best first, each with its best-matching title and a confidence. An empty list means no occupation matches credibly: that is an answer, not a failure. Use the code with the other tools.',
    input: SearchQuerySchema,
    requests: (args) => [{ part: 'matches', path: `/v1/occupations/search${queryString(args, [])}` }],
    search: true,
  },
  perOccupation(
    'occupation_profile',
    'What an occupation is',
    `Its place in SOC 2020, sample job titles, entry routes and the tasks of job holders. ${EVERY_ANSWER}`,
    '',
  ),
  perOccupation(
    'occupation_pay',
    'Pay of an occupation',
    `Pay of employee jobs in a unit group (ONS ASHE): median, mean and the distribution, for a measure, sex, work pattern, year and area; gross annual pay for all employees in the UK in the latest year by default. ${EVERY_ANSWER}`,
    '/pay',
    PayQuerySchema,
  ),
  perOccupation(
    'occupation_employment',
    'Employment in an occupation',
    `People in employment in a unit group (ONS Annual Population Survey), for the UK or a nation. ${EVERY_ANSWER}`,
    '/employment',
    EmploymentQuerySchema,
  ),
  perOccupation(
    'occupation_outlook',
    'Outlook (employment projections) of an occupation',
    `Projected employment of the occupation's sub-major group and the jobs expected to open (Warwick IER for DfE); \`derivation\` says which round and classification. ${EVERY_ANSWER}`,
    '/projections',
    ProjectionQuerySchema,
  ),
  perOccupation(
    'occupation_skills',
    'Skills of an occupation',
    `The skills of the related ESCO occupations, weighted, with ESCO's attribution. ${EVERY_ANSWER}`,
    '/skills',
    SkillsQuerySchema,
  ),
  {
    name: 'occupation_routes_in',
    title: 'How to get into an occupation',
    description: `Routes in from the National Careers Service job profiles placed on the unit group (university, college, apprenticeship, work...) and the apprenticeship standards related to it (Skills England). Answers under \`howToBecome\` and \`apprenticeships\`. ${EVERY_ANSWER}`,
    input: withSoc(ApprenticeshipsQuerySchema),
    requests: (args) => [
      { part: 'howToBecome', path: occupationPath(args.soc, '/how-to-become') },
      { part: 'apprenticeships', path: occupationPath(args.soc, `/apprenticeships${queryString(args)}`) },
    ],
  },
  {
    name: 'compare_occupations',
    title: 'Compare occupations',
    description: `Two or three occupations side by side: for each code, its pay (gross annual, UK, latest year), employment (UK) and outlook (UK), under the code. ${EVERY_ANSWER}`,
    input: Type.Object(
      { socs: Type.Array(soc, { minItems: 2, maxItems: COMPARED_MAX, description: 'Two or three SOC 2020 codes' }) },
      { additionalProperties: false },
    ),
    requests: (args) =>
      (Array.isArray(args.socs) ? args.socs : []).flatMap((code: unknown) => [
        { part: `${String(code)}.pay`, path: occupationPath(code, '/pay') },
        { part: `${String(code)}.employment`, path: occupationPath(code, '/employment') },
        { part: `${String(code)}.outlook`, path: occupationPath(code, '/projections') },
      ]),
  },
  {
    name: 'list_occupations',
    title: 'Search across occupations',
    description: `Lists across the 412 unit groups: \`all\` (every code and title), \`demand\` (occupations in demand, highest first; \`level\` chooses), \`job-adverts\` (most new online adverts first, by \`area\`) or \`visas\` (most sponsored work visas granted first); \`limit\` caps the ranked lists. ${EVERY_ANSWER}`,
    input: Type.Object(
      {
        by: StringEnum(LIST_BY, { default: 'all', description: 'Which list' }),
        ...DemandListQuerySchema.properties,
        ...JobAdvertListQuerySchema.properties,
        limit: Type.Optional(VisaListQuerySchema.properties.limit),
      },
      { additionalProperties: false },
    ),
    requests: (args) => {
      const by = typeof args.by === 'string' ? args.by : 'all';
      const pick = (names: string[]) => Object.fromEntries(names.map((n) => [n, args[n]]));
      const path =
        by === 'demand'
          ? `/v1/demand${queryString(pick(['level']))}`
          : by === 'job-adverts'
            ? `/v1/job-adverts${queryString(pick(['area', 'limit']))}`
            : by === 'visas'
              ? `/v1/visas${queryString(pick(['limit']))}`
              : '/v1/occupations';
      return [{ part: by, path }];
    },
  },
];
