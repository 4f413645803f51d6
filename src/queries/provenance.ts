import type { AnySourceDescriptor } from '../ingest/source.js';
import type { Edition } from '../store/editions.js';
import type { Static } from 'typebox';
import type { ProvenanceSchema } from '../schemas/shared.js';

export type Provenance = Static<typeof ProvenanceSchema>;

/** Provenance is read from the edition that served the response, never written by hand. */
export function provenanceOf(source: AnySourceDescriptor, edition: Edition): Provenance {
  return {
    source: source.name,
    publisher: source.publisher,
    licence: source.licence,
    edition: edition.label,
    published: edition.publishedAt,
    url: source.url,
  };
}
