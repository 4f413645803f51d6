import { Type } from 'typebox';

const InvalidParamSchema = Type.Object({
  name: Type.String({ description: 'The parameter' }),
  reason: Type.String(),
  validValues: Type.Optional(Type.Array(Type.String())),
  validParameters: Type.Optional(
    Type.Array(Type.String(), {
      description: 'For a parameter the endpoint does not take: the query parameters it does take (possibly none)',
    }),
  ),
});

/** RFC 9457 problem details, with the request id and, for 400s, each invalid parameter. */
export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: 'URI identifying the kind of problem' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.String({ description: 'The request path' }),
    requestId: Type.String(),
    invalidParams: Type.Optional(Type.Array(InvalidParamSchema)),
    source: Type.Optional(Type.String({ description: 'Key of the source whose release is missing' })),
  },
  { title: 'Problem', additionalProperties: true },
);

export const ProblemKindParamsSchema = Type.Object({ kind: Type.String() });
