import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../http/declared-responses.js';
import { AREA_ADVERTS_ILLUSTRATION, JOB_ADVERT_LIST_ILLUSTRATION } from '../../../schemas/illustrations.js';
import {
  AreaAdvertsQuerySchema,
  AreaAdvertsResponseSchema,
  JobAdvertListQuerySchema,
  JobAdvertListResponseSchema,
  LocalAreaParamsSchema,
} from '../../../schemas/job-adverts.js';

const tags = ['Job adverts'];
const untilReleased = (key: string) =>
  `Answers 404 naming the source \`${key}\` and its page until a release of it has been ingested (see /v1/meta/sources).`;
export const MONTHLY = untilReleased('online-job-adverts');
export const LOCAL = untilReleased('online-job-adverts-local');

export const jobAdvertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { jobAdverts } = app.services;

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
