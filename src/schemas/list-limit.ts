import { Type } from 'typebox';

/** The `limit` of the lists across occupations (spec, Limits): default 50, at most 412 (every unit group). */
export const ListLimitSchema = Type.Integer({ minimum: 1, maximum: 412, default: 50, description: 'How many occupations, 1 to 412 (default 50)' });

/** What an example in the OpenAPI document is: a shape to build a client against, never data. */
export const ILLUSTRATIVE = 'Illustrative only: made-up figures showing the shape of the response, not data from any release.';

/** Provenance as an illustrative example shows it. */
export function illustrativeProvenance(source: string, publisher: string, url: string) {
  return { source, publisher, licence: 'Open Government Licence v3.0', edition: 'Illustrative example (not a release)', published: '2026-01-01T00:00:00.000Z', url };
}
