import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { invalidParameter } from '../../../domain/problems.js';
import { SEARCH_CREDIBLE_FROM } from '../../../queries/occupations/coding-index.js';
import { markStale } from '../../../http/caching.js';
import { declareResponses } from '../../../http/declared-responses.js';
import {
  OccupationMatchSchema,
  OccupationProfileSchema,
  OccupationSummarySchema,
  OccupationTitleSchema,
  SEARCH_QUERY_MAX,
  SearchQuerySchema,
  SocParamsSchema,
} from '../../../schemas/occupations.js';

const tags = ['Occupations'];

export const occupationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { occupations } = app.services;

  app.get(
    '/',
    {
      schema: {
        tags,
        operationId: 'listOccupations',
        summary: 'The 412 SOC 2020 unit groups',
        response: declareResponses(
          { schema: Type.Array(OccupationSummarySchema), description: 'Every unit group, by code' },
          [401, 429],
        ),
      },
    },
    async () => occupations.list(),
  );

  app.get(
    '/search',
    {
      schema: {
        tags,
        operationId: 'searchOccupations',
        summary: 'Find occupations from a free-text job title',
        description: `Each unit group appears once with its best-matching title; an exact match always ranks first with confidence 1.0; misspellings, possessives, plurals, word order and abbreviations are tolerated, and so are other names for jobs: ESCO occupation labels (through ISCO-08), NCS job profile titles (through their SOC 2010 code), and British/American spellings and clipped forms learnt from them. A fuzzy match's confidence is the probability that it is right. When nothing matches exactly and the first fuzzy match has a confidence under ${SEARCH_CREDIBLE_FROM}, no candidate is credible and the answer is an empty array (200).`,
        querystring: SearchQuerySchema,
        response: declareResponses(
          {
            schema: Type.Array(OccupationMatchSchema),
            description: `Matches, best first; empty when no candidate is credible (first fuzzy match under confidence ${SEARCH_CREDIBLE_FROM})`,
          },
          [400, 401, 429],
        ),
      },
    },
    async (request, reply) => {
      const q = request.query.q.trim();
      if (q.length < 1 || q.length > SEARCH_QUERY_MAX) {
        throw invalidParameter(
          'q',
          `\`q\` must be 1 to ${SEARCH_QUERY_MAX} characters long after trimming spaces (it is ${q.length})`,
        );
      }
      const { matches, stale } = await occupations.searchServed(q, request.query.limit);
      if (stale) markStale(reply);
      return matches;
    },
  );

  app.get(
    '/:soc',
    {
      schema: {
        tags,
        operationId: 'getOccupation',
        summary: 'One occupation: its place in SOC 2020, sample titles and what job holders do',
        params: SocParamsSchema,
        response: declareResponses(
          { schema: OccupationProfileSchema, description: 'The occupation profile' },
          [401, 404, 429],
        ),
      },
    },
    async (request) => occupations.profile(request.params.soc),
  );

  app.get(
    '/:soc/titles',
    {
      schema: {
        tags,
        operationId: 'listOccupationTitles',
        summary: 'Every job title the coding index classifies to the occupation',
        params: SocParamsSchema,
        response: declareResponses(
          { schema: Type.Array(OccupationTitleSchema), description: 'Titles in natural word order, alphabetical' },
          [401, 404, 429],
        ),
      },
    },
    async (request) => occupations.titles(request.params.soc),
  );
};
