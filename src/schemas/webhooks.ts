import { Type, type Static } from 'typebox';
import { WEBHOOK_EVENTS } from '../domain/webhooks.js';
import { DateTime, Nullable, StringEnum } from './shared.js';

export const WebhookBodySchema = Type.Object(
  {
    url: Type.String({
      description: 'The https:// address each feed entry is POSTed to (at most 2,048 characters)',
      maxLength: 2048,
    }),
  },
  { additionalProperties: false },
);

export const WebhookParamsSchema = Type.Object({
  id: Type.String({ description: 'The webhook id (`wh_...`), as returned when it was registered', maxLength: 100 }),
});

export const WebhookSchema = Type.Object(
  {
    id: Type.String({ description: '`wh_` and random characters' }),
    url: Type.String(),
    createdAt: DateTime,
    status: StringEnum(['active', 'disabled'] as const, {
      description:
        '`disabled`: no more deliveries, because attempts failed too many times in a row or the key was revoked (`disabledReason`); POST /v1/webhooks/{id}/enable makes it active again',
    }),
    disabledAt: Nullable(DateTime),
    disabledReason: Nullable(Type.String()),
    consecutiveFailures: Type.Integer({
      description: 'Failed delivery attempts since the last success; the webhook is disabled when it reaches the limit',
    }),
    lastSuccessAt: Nullable(DateTime),
    lastFailureAt: Nullable(DateTime),
    lastFailure: Nullable(Type.String({ description: 'What went wrong last: `HTTP 500`, `timed out after 10 s`...' })),
    pendingDeliveries: Type.Integer({
      description: 'Entries not yet delivered: waiting for their first attempt or a retry',
    }),
  },
  { title: 'Webhook' },
);

export const CreatedWebhookSchema = Type.Object(
  {
    ...WebhookSchema.properties,
    secret: Type.String({
      description:
        'The signing secret (`whsec_` and base64 of 32 bytes), returned this once only: keep it to check `webhook-signature`',
    }),
  },
  { title: 'CreatedWebhook' },
);

export const RotatedWebhookSecretSchema = Type.Object(
  {
    ...WebhookSchema.properties,
    secret: Type.String({
      description:
        'The new signing secret (`whsec_` and base64 of 32 bytes), returned this once only: every delivery is signed with it from now on',
    }),
    previousSecretExpiresAt: DateTime,
  },
  {
    title: 'RotatedWebhookSecret',
    description:
      'Until `previousSecretExpiresAt` (24 hours) each delivery is signed with both secrets, the new one first, space-separated in `webhook-signature`; then with the new one only. Rotating again meanwhile stops the older secret at once.',
  },
);

const WebhookDeliverySchema = Type.Object(
  {
    id: Type.String({ description: 'The `webhook-id` header: the same on every attempt, to drop repeats by' }),
    event: StringEnum(WEBHOOK_EVENTS),
    edition: Type.String({ description: 'The edition whose feed entry it carries' }),
    createdAt: DateTime,
    state: StringEnum(['pending', 'delivered', 'abandoned'] as const, {
      description: '`abandoned`: the webhook was disabled (or its key revoked) before it got through',
    }),
    attempts: Type.Integer(),
    nextAttemptAt: Nullable(DateTime),
    lastAttemptAt: Nullable(DateTime),
    lastStatus: Nullable(Type.Integer({ description: "The receiver's HTTP status; null when it did not answer" })),
    lastError: Nullable(Type.String()),
    deliveredAt: Nullable(DateTime),
  },
  { title: 'WebhookDelivery' },
);

export const WebhookDeliveryListSchema = Type.Array(WebhookDeliverySchema, { title: 'WebhookDeliveryList' });

export const WebhookListSchema = Type.Array(WebhookSchema, { title: 'WebhookList' });

export type CreatedWebhook = Static<typeof CreatedWebhookSchema>;
export type RotatedWebhookSecret = Static<typeof RotatedWebhookSecretSchema>;
