import type { Static } from 'typebox';
import type { Edition } from '../domain/editions.js';
import type { SourceProfile } from '../domain/sources.js';
import type { ProvenanceSchema } from '../schemas/shared.js';

export type Provenance = Static<typeof ProvenanceSchema>;

/** Provenance is read from the edition that served the response, never written by hand. */
export function provenanceOf(source: SourceProfile, edition: Edition): Provenance {
  return {
    source: source.name,
    publisher: source.publisher,
    licence: source.licence,
    edition: edition.label,
    published: edition.publishedAt,
    url: source.url,
  };
}
