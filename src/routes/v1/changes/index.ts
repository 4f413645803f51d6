import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { declaredError, declareResponses } from '../../../http/declared-responses.js';
import { LIMITS } from '../../../ratelimit/policies.js';
import { ChangeFeedSchema } from '../../../schemas/changes.js';

const open = { access: 'open' as const, clientLimit: { name: 'meta', ...LIMITS.meta } };
const tags = ['Metadata'];
const ATOM = 'application/atom+xml; charset=utf-8';

/** The change feed, under /v1/meta like the rest of the open metadata (registered with that prefix). */
export const changeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { changes } = app.services;

  app.get(
    '/changes',
    {
      config: open,
      schema: {
        tags,
        operationId: 'listChanges',
        summary: 'Releases published or held back, newest first (JSON Feed 1.1)',
        description:
          'One entry per edition published (now served, naming the edition it superseded) or quarantined (held back), newest first, the newest 200: the source, the release, what changed against the previous release in plain words and as figures, and links to the edition and its bulk files. Poll it with `If-None-Match` (a 304 costs nothing). The same entries as Atom: /v1/meta/changes.atom.',
        security: [],
        response: declareResponses({ schema: ChangeFeedSchema, description: 'The feed, newest entry first' }, [429]),
      },
    },
    async () => changes.feed(),
  );

  app.get(
    '/changes.atom',
    {
      config: open,
      schema: {
        tags,
        operationId: 'listChangesAtom',
        summary: 'The change feed as Atom',
        security: [],
        response: {
          200: {
            description: 'The entries of /v1/meta/changes as an Atom feed (RFC 4287), newest first',
            content: { 'application/atom+xml': { schema: Type.String() } },
          },
          429: declaredError(429),
        },
      },
    },
    async (_request, reply) => reply.type(ATOM).send(await changes.atom()),
  );
};
