import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../../http/declared-responses.js';
import {
  JOB_ADVERT_ILLUSTRATION,
  LOCAL_ADVERT_AREAS_ILLUSTRATION,
  LOCAL_ADVERT_ILLUSTRATION,
} from '../../../../schemas/illustrations.js';
import {
  JobAdvertQuerySchema,
  JobAdvertResponseSchema,
  LocalAdvertAreasResponseSchema,
  LocalAdvertResponseSchema,
  SocLocalAreaParamsSchema,
} from '../../../../schemas/job-adverts.js';
import { SocParamsSchema } from '../../../../schemas/occupations.js';
import { MONTHLY, LOCAL } from '../../job-adverts/index.js';

const tags = ['Job adverts'];

export const occupationJobAdvertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { jobAdverts } = app.services;

  app.get(
    '/:soc/job-adverts',
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
    '/:soc/job-adverts/local',
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
    '/:soc/job-adverts/local/:area',
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
};
