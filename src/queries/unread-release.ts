import type { Served } from './current-editions.js';

/**
 * The sources registered with no release (visas, occupations in demand, online job adverts) have no
 * parser, tables or row reader yet: nothing can publish an edition of them, so `current.serving`
 * answers the 404 naming the source before this is reached. Should an edition be published anyway,
 * the service says it cannot read it (a 500) rather than answer without figures. The source's README
 * says what its parser, tables and reader are to produce: the domain rows the response builders take.
 */
export function unreadRelease(served: Served): never {
  throw new Error(`release "${served.edition.label}" of \`${served.source.key}\` is published, but no reader of its rows exists yet`);
}
