import { Type, type Static } from 'typebox';
import { DateTime, Nullable, StringEnum } from './shared.js';

export const SourceResponseSchema = Type.Object(
  {
    key: Type.String({ description: 'Identifier used by the editions `source` filter' }),
    name: Type.String(),
    publisher: Type.String(),
    licence: Type.String(),
    url: Type.String(),
    cadence: Nullable(Type.String()),
    tier: StringEnum(['api', 'scrapeanddiff', 'detectonly'] as const),
    currentEdition: Nullable(Type.String()),
    currentEditionPublished: Nullable(DateTime),
    newestRelease: Nullable(
      Type.Object(
        {
          label: Type.String(),
          date: Nullable(Type.String({ description: "The publisher's date for it (ISO)" })),
          url: Type.String(),
        },
        {
          description:
            'The newest release found at the publisher and not read: a detect-only source, or one newer than its parser knows',
        },
      ),
    ),
    status: Type.String({
      description:
        'In plain words: the release being served, or that none has been ingested (its figures then answer 404 naming the source)',
    }),
    upstream: Type.Object(
      {
        mode: StringEnum(['publishers', 'mirror', 'none'] as const, {
          description:
            "Where this service reads the source's releases as configured (LMI_UPSTREAM): `publishers` (found at the publisher's own surface), `mirror` (the local mirror folder), `none` (reading the publishers, but no publisher surface is followed for this source yet: only a mirror provides it)",
        }),
        reads: Type.Boolean({
          description:
            'Whether a release found is read; false for a detect-only source (found and named in its 404, no parser yet) and for `none`',
        }),
        surface: Nullable(
          Type.String({ description: 'The publisher surface followed to find new releases; null when there is none' }),
        ),
        description: Type.String({ description: 'The same in plain words' }),
      },
      { description: 'How the source reaches this service: from its publisher, from a mirror, or not at all' },
    ),
  },
  { title: 'SourceResponse' },
);
export type SourceResponse = Static<typeof SourceResponseSchema>;

const CheckSchema = Type.Object({
  rule: Type.String(),
  status: StringEnum(['warn', 'fail'] as const),
  observed: Nullable(Type.String()),
});

export const EditionResponseSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    sourceKey: Type.String(),
    label: Type.String(),
    seriesKey: Nullable(Type.String()),
    status: Type.String({ description: '`published`, `superseded`, `quarantined`, or an in-progress state' }),
    detectedAt: DateTime,
    publishedAt: Nullable(DateTime),
    sourceUri: Type.String({
      description:
        "What was read: the publisher's https address, or `mirror:<folder>/<file>` for a file of the service's mirror of upstream files (named relative to the mirror)",
    }),
    checks: Type.Array(CheckSchema),
  },
  { title: 'EditionResponse' },
);
export type EditionResponse = Static<typeof EditionResponseSchema>;

export const IngestStatusResponseSchema = Type.Object(
  {
    sources: Type.Array(
      Type.Object({
        sourceKey: Type.String(),
        lastRun: DateTime,
        lastSuccess: Nullable(DateTime),
        lastOutcome: Nullable(
          Type.String({
            description:
              'published, unchanged, found (a release with no parser), unavailable, quarantined, refused (the publisher refuses automated clients) or failed',
          }),
        ),
        message: Nullable(Type.String({ description: 'Why the last check failed, or what it found' })),
        nextCheck: Nullable(Type.String({ format: 'date-time', description: 'When the refresh schedule next looks' })),
        upstream: Nullable(StringEnum(['publishers', 'mirror'] as const)),
      }),
    ),
    quarantined: Type.Array(
      Type.Object({
        id: Type.String({ format: 'uuid' }),
        sourceKey: Type.String(),
        label: Type.String(),
        detectedAt: DateTime,
      }),
    ),
    publishers: Type.Array(
      Type.Object({
        host: Type.String({ description: "A publisher's host, as the sources' pages name it" }),
        reachable: Type.Boolean({ description: 'Whether it answered (any HTTP status below 500) when last tried' }),
        checkedAt: DateTime,
        kind: Nullable(
          StringEnum(['refused', 'timed out', 'dns', 'tls', 'http', 'network'] as const, {
            description:
              'Why not: the connection refused, no connection or answer in time, the name not resolved, TLS failed, an HTTP 5xx (or a proxy refusing), another network error',
          }),
        ),
        reason: Nullable(Type.String({ description: 'What the connection attempt said' })),
        sources: Type.Array(Type.String(), { description: 'The sources read from this host' }),
      }),
      {
        description:
          'Each publisher host as the latest ingest from the publishers found it, tried all at once at its start (empty when reading a mirror): the unreachable ones are named within the connect and first-byte timeouts',
      },
    ),
  },
  { title: 'IngestStatusResponse' },
);
export type IngestStatusResponse = Static<typeof IngestStatusResponseSchema>;

export const EditionsQuerySchema = Type.Object({
  source: Type.Optional(Type.String({ description: 'A source key from /v1/meta/sources' })),
});
