import { Type } from 'typebox';

export const KeyRequestBodySchema = Type.Object(
  { email: Type.String({ description: 'The address the confirmation link is sent to', maxLength: 254 }) },
  { additionalProperties: false },
);

export const KeyRequestAcceptedSchema = Type.Object({
  status: Type.Literal('accepted'),
  detail: Type.String(),
});

export const KeyConfirmBodySchema = Type.Object(
  { token: Type.String({ description: 'The token from the e-mailed link', minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

export const IssuedKeySchema = Type.Object(
  {
    key: Type.String({ description: 'Send it in the X-API-Key header; returned once only' }),
    prefix: Type.String({ description: 'First characters, identifying the key' }),
    tier: Type.String(),
    requestsPerMinute: Type.Integer(),
    replacedKeys: Type.Integer({ description: 'Earlier keys for the address now revoked' }),
  },
  { title: 'IssuedKey' },
);

export const ConfirmPageQuerySchema = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
