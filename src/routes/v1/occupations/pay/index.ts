import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareResponses } from '../../../../http/declared-responses.js';
import { SocParamsSchema } from '../../../../schemas/occupations.js';
import {
  PayQuerySchema,
  PayResponseSchema,
  PaySeriesQuerySchema,
  PaySeriesResponseSchema,
  RegionalPayQuerySchema,
  RegionalPayResponseSchema,
} from '../../../../schemas/pay.js';

const tags = ['Pay'];

export const payRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { pay } = app.services;

  app.get(
    '/:soc/pay',
    {
      config: { parameterValues: (query) => pay.payParameters(query.area) },
      schema: {
        tags,
        operationId: 'getOccupationPay',
        summary: 'Pay or paid hours of an occupation: distribution, mean, jobs and quality (ASHE)',
        description:
          'With no parameters: gross annual pay of all employee jobs in the UK in the latest published year. `edition` pins an exact release and overrides `year`.',
        params: SocParamsSchema,
        querystring: PayQuerySchema,
        response: declareResponses(
          { schema: PayResponseSchema, description: 'The figures of one measure, sex, work pattern, area and year' },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => pay.pay(request.params.soc, request.query),
  );

  app.get(
    '/:soc/pay/series',
    {
      schema: {
        tags,
        operationId: 'getOccupationPaySeries',
        summary: 'Median and mean of a pay measure for every published year',
        params: SocParamsSchema,
        querystring: PaySeriesQuerySchema,
        response: declareResponses(
          { schema: PaySeriesResponseSchema, description: 'One point per published year, oldest first' },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => pay.series(request.params.soc, request.query),
  );

  app.get(
    '/:soc/pay/regions',
    {
      config: { parameterValues: () => pay.regionalPayParameters() },
      schema: {
        tags,
        operationId: 'getOccupationRegionalPay',
        summary: 'Pay of an occupation in each English region, Wales and Scotland (ASHE Table 15)',
        params: SocParamsSchema,
        querystring: RegionalPayQuerySchema,
        response: declareResponses(
          {
            schema: RegionalPayResponseSchema,
            description: 'Regions by workplace, highest median first, withheld regions last',
          },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request) => pay.regions(request.params.soc, request.query),
  );
};
