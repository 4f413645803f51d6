import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declaredError, declareResponses } from '../../../http/declared-responses.js';
import { DELIVERIES_LISTED } from '../../../queries/webhooks/index.js';
import {
  CreatedWebhookSchema,
  RotatedWebhookSecretSchema,
  WebhookBodySchema,
  WebhookDeliveryListSchema,
  WebhookListSchema,
  WebhookParamsSchema,
  WebhookSchema,
} from '../../../schemas/webhooks.js';

const tags = ['Webhooks'];
/** Per key and changing with every delivery: never kept by the response cache (keyed by URL) or by clients. */
const config = { cache: false as const };
const notFound = { ...declaredError(404), description: 'This key registered no webhook with this id' };

/** A key holder's webhooks: each sees and deletes only those its key registered. */
export const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { webhooks } = app.services;

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        operationId: 'createWebhook',
        summary: 'Register an https:// address to receive each change feed entry as a signed POST',
        description:
          'From now on, each entry of /v1/meta/changes (a release published or quarantined) is POSTed to `url` as JSON `{"type": "edition.published" | "edition.quarantined", "timestamp", "data": <the feed item>}`, signed the Standard Webhooks way (headers `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` keyed with the secret). Any 2xx is success; anything else (or no answer in 10 s) is retried with exponential back-off, and after 8 failures in a row the webhook is disabled. The secret is returned this once. A key may register 10.',
        body: WebhookBodySchema,
        response: declareResponses(
          { status: 201, schema: CreatedWebhookSchema, description: 'Registered; `secret` is shown this once' },
          [400, 401, 429],
        ),
      },
    },
    async (request, reply) => {
      const created = await webhooks.create(request.apiKey!.id, request.body.url);
      reply.code(201).header('location', `/v1/webhooks/${created.id}`).header('cache-control', 'no-store');
      return created;
    },
  );

  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        operationId: 'listWebhooks',
        summary: "This key's webhooks, with how their deliveries are going",
        response: declareResponses(
          { schema: WebhookListSchema, description: 'Oldest first; the secrets are never shown again' },
          [401, 429],
        ),
      },
    },
    async (request) => webhooks.list(request.apiKey!.id),
  );

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getWebhook',
        summary: 'One of this key’s webhooks: its state, last success and failure, failures in a row',
        params: WebhookParamsSchema,
        response: {
          ...declareResponses({ schema: WebhookSchema, description: 'The webhook' }, [401, 429]),
          404: notFound,
        },
      },
    },
    async (request) => webhooks.get(request.apiKey!.id, request.params.id),
  );

  app.get(
    '/:id/deliveries',
    {
      config,
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: `The newest ${DELIVERIES_LISTED} deliveries of one of this key’s webhooks: state, attempts, last answer, next try`,
        params: WebhookParamsSchema,
        response: {
          ...declareResponses({ schema: WebhookDeliveryListSchema, description: 'Newest first' }, [401, 429]),
          404: notFound,
        },
      },
    },
    async (request) => webhooks.deliveries(request.apiKey!.id, request.params.id),
  );

  app.post(
    '/:id/rotate-secret',
    {
      config,
      schema: {
        tags,
        operationId: 'rotateWebhookSecret',
        summary: 'Give one of this key’s webhooks a new secret; the old one signs beside it for 24 hours',
        description:
          'Returns the new secret, this once. Until `previousSecretExpiresAt` (24 hours from now) each delivery carries two signatures in `webhook-signature`, space-separated: `v1,<by the new secret> v1,<by the old one>`, so a Standard Webhooks receiver accepts it whichever secret it holds; then the old secret is deleted and deliveries are signed with the new one only. Rotating again meanwhile stops the older secret at once. The webhook’s state and deliveries are not otherwise changed.',
        params: WebhookParamsSchema,
        response: {
          ...declareResponses(
            { schema: RotatedWebhookSecretSchema, description: 'Rotated; `secret` is shown this once' },
            [401, 429],
          ),
          404: notFound,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return webhooks.rotateSecret(request.apiKey!.id, request.params.id);
    },
  );

  app.post(
    '/:id/enable',
    {
      config,
      schema: {
        tags,
        operationId: 'enableWebhook',
        summary: 'Make one of this key’s disabled webhooks active again, its failures in a row back to zero',
        description:
          'Entries written from now on are delivered to it again; deliveries abandoned while it was disabled stay abandoned (catch up from /v1/meta/changes). An active webhook is answered as it is. A webhook disabled because its key was revoked cannot be enabled: register it again with the new key.',
        params: WebhookParamsSchema,
        response: {
          ...declareResponses({ schema: WebhookSchema, description: 'The webhook, active' }, [401, 429]),
          404: notFound,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return webhooks.enable(request.apiKey!.id, request.params.id);
    },
  );

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteWebhook',
        summary: 'Delete one of this key’s webhooks: nothing more is sent to it, retries included',
        params: WebhookParamsSchema,
        response: {
          204: { description: 'Deleted', type: 'null' },
          401: declaredError(401),
          404: notFound,
          429: declaredError(429),
        },
      },
    },
    async (request, reply) => {
      await webhooks.delete(request.apiKey!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
