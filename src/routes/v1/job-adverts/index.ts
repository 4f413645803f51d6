import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../http/declared-responses.js';
import {
  AREA_ADVERTS_ILLUSTRATION,
  JOB_ADVERT_ILLUSTRATION,
  JOB_ADVERT_LIST_ILLUSTRATION,
  LOCAL_ADVERT_AREAS_ILLUSTRATION,
  LOCAL_ADVERT_ILLUSTRATION,
} from '../../../schemas/illustrations.js';
import {
  AreaAdvertsQuerySchema,
  AreaAdvertsResponseSchema,
  JobAdvertListQuerySchema,
  JobAdvertListResponseSchema,
  JobAdvertQuerySchema,
  JobAdvertResponseSchema,
  LocalAdvertAreasResponseSchema,
  LocalAdvertResponseSchema,
  LocalAreaParamsSchema,
  SocLocalAreaParamsSchema,
} from '../../../schemas/job-adverts.js';
import { SocParamsSchema } from '../../../schemas/occupations.js';

const tags = ['Job adverts'];
const untilReleased = (key: string) =>
  `Answers 404 naming the source \`${key}\` and its page until a release of it has been ingested (see /v1/meta/sources).`;
const MONTHLY = untilReleased('online-job-adverts');
const LOCAL = untilReleased('online-job-adverts-local');

export const jobAdvertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { jobAdverts } = app.services;

  app.get(
    '/occupations/:soc/job-adverts',
    {
      schema: {
        tags,
        operationId: 'getOccupationJobAdverts',
        summary: 'New online job adverts for an occupation in the UK or a region, by month (ONS)',
        description: `The latest twelve months (suppressed months left out of the totals), the occupation's rank in the area, and every month since January 2017. ${MONTHLY}`,
        params: SocParamsSchema,
        querystring: JobAdvertQuerySchema,
        response: declareResponses(
          {
            schema: JobAdvertResponseSchema,
            description: 'The latest twelve months and every month since January 2017',
            illustration: JOB_ADVERT_ILLUSTRATION,
          },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => jobAdverts.occupation(request.params.soc, request.query.area),
  );

  app.get(
    '/occupations/:soc/job-adverts/local',
    {
      schema: {
        tags,
        operationId: 'listOccupationLocalJobAdverts',
        summary:
          'Every local area with new online job adverts for an occupation over the latest four quarters, most first',
        description: LOCAL,
        params: SocParamsSchema,
        response: declareResponses(
          {
            schema: LocalAdvertAreasResponseSchema,
            description: 'Local areas, highest averagePerQuarter first',
            illustration: LOCAL_ADVERT_AREAS_ILLUSTRATION,
          },
          [401, 404, 429],
        ),
      },
    },
    async (request) => jobAdverts.localAreas(request.params.soc),
  );

  app.get(
    '/occupations/:soc/job-adverts/local/:area',
    {
      schema: {
        tags,
        operationId: 'getOccupationLocalJobAdverts',
        summary: 'New online job adverts for an occupation in one local area, by quarter',
        description: `An unknown area answers 404 naming it. ${LOCAL}`,
        params: SocLocalAreaParamsSchema,
        response: declareResponses(
          {
            schema: LocalAdvertResponseSchema,
            description: 'The latest four quarters and the last twelve',
            illustration: LOCAL_ADVERT_ILLUSTRATION,
          },
          [401, 404, 429],
        ),
      },
    },
    async (request) => jobAdverts.local(request.params.soc, request.params.area),
  );

  app.get(
    '/local-areas/:area/job-adverts',
    {
      schema: {
        tags,
        operationId: 'getLocalAreaJobAdverts',
        summary: "A local area's new online job adverts, all and by occupation, most first",
        description: `An unknown area answers 404 naming it; a \`limit\` outside 1 to 412 answers 400 saying so. ${LOCAL}`,
        params: LocalAreaParamsSchema,
        querystring: AreaAdvertsQuerySchema,
        response: declareResponses(
          {
            schema: AreaAdvertsResponseSchema,
            description: 'All adverts in the area and its occupations, most first',
            illustration: AREA_ADVERTS_ILLUSTRATION,
          },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => jobAdverts.inArea(request.params.area, request.query.limit),
  );

  app.get(
    '/job-adverts',
    {
      schema: {
        tags,
        operationId: 'listJobAdvertOccupations',
        summary: 'Occupations by new online job adverts per month in the UK or a region, most first',
        description: MONTHLY,
        querystring: JobAdvertListQuerySchema,
        response: declareResponses(
          {
            schema: JobAdvertListResponseSchema,
            description: 'Occupations ranked by averagePerMonth',
            illustration: JOB_ADVERT_LIST_ILLUSTRATION,
          },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => jobAdverts.list(request.query.area, request.query.limit),
  );
};
