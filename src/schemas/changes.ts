import { Type, type Static } from 'typebox';
import { DateTime, Nullable, StringEnum } from './shared.js';

const ChangedFigureSchema = Type.Object({
  name: Type.String({ description: "The figure's name in the source's summary" }),
  before: Nullable(Type.Number()),
  after: Nullable(Type.Number()),
});

const ChangeDetailSchema = Type.Object(
  {
    source: Type.String({ description: 'The source key (as /v1/meta/sources lists it)' }),
    edition: Type.String({ description: 'The edition id (as /v1/meta/editions lists it)' }),
    label: Type.String({ description: 'The release as its publisher names it' }),
    kind: StringEnum(['published', 'quarantined'] as const, {
      description: '`published`: now served (superseding `superseded`, if any); `quarantined`: held back, never served',
    }),
    status: StringEnum(['published', 'superseded', 'quarantined'] as const, {
      description: "The edition's state now (a published edition may since have been superseded)",
    }),
    superseded: Nullable(
      Type.Object(
        { edition: Type.String(), label: Type.String() },
        { description: 'The edition of the same series this one replaced' },
      ),
    ),
    diff: Nullable(
      Type.Object(
        {
          previous: Nullable(Type.Object({ edition: Type.String(), label: Type.String() })),
          rows: ChangedFigureSchema,
          counts: Type.Array(ChangedFigureSchema),
          levels: Type.Array(ChangedFigureSchema, {
            description: "Headline figures (the source's medians and levels) that changed",
          }),
        },
        {
          description:
            "Against the source's previous published release, worked out when this one was published; null for a quarantined one",
        },
      ),
    ),
    bulk: Nullable(
      Type.Object(
        { csv: Type.String(), jsonl: Type.String() },
        {
          description:
            "The edition's bulk files; null when none is served (quarantined, no exporter, or per-occupation responses of an edition no longer current)",
        },
      ),
    ),
  },
  { description: "This service's extension (JSON Feed's `_` prefix): the entry as data" },
);

const FeedItemSchema = Type.Object({
  id: Type.String(),
  url: Type.String({ description: "The source's editions in /v1/meta/editions" }),
  title: Type.String(),
  content_text: Type.String({ description: 'What changed, in plain words' }),
  date_published: DateTime,
  tags: Type.Array(Type.String()),
  _lmi: ChangeDetailSchema,
});

export const ChangeFeedSchema = Type.Object(
  {
    version: Type.Literal('https://jsonfeed.org/version/1.1'),
    title: Type.String(),
    home_page_url: Type.String(),
    feed_url: Type.String(),
    description: Type.String(),
    items: Type.Array(FeedItemSchema, { description: 'Newest first' }),
  },
  { title: 'ChangeFeed', description: 'JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/)' },
);
export type ChangeFeed = Static<typeof ChangeFeedSchema>;
export type ChangeFeedItem = ChangeFeed['items'][number];
