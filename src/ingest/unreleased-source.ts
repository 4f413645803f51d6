import type { PublisherProfile, SourceDescriptor } from './source.js';
import type { SourceKey } from '../domain/sources.js';

/** Who would publish a source of which no release is reachable, and where; the spec overrides the publisher's profile. */
interface UnreleasedSourceSpec extends Partial<PublisherProfile> {
  key: SourceKey;
  name: string;
  /**
   * Finds the publisher's releases of a source this service has no parser for (detect-only): it
   * returns only `found` releases, which are recorded and named by the source's 404, never read.
   */
  discover?: SourceDescriptor['discover'];
  surface?: string;
}

/**
 * A source registered only so that the service can say it has none: /v1/meta/sources lists it with
 * no current edition, and the figures that need it answer 404 naming it (`current.serving` and
 * `current.unavailable` do that). It finds no release; its parser is to be written against a real
 * release once one has been seen, never guessed before.
 */
export function unreleasedSource(publisher: PublisherProfile, spec: UnreleasedSourceSpec): SourceDescriptor<never> {
  return {
    ...publisher,
    ...spec,
    detectOnly: true,
    inMirror: false,
    detect: async () => [],
    parse: async () => {
      throw new Error(`no release of ${spec.key} has been available to build its parser against`);
    },
    check: () => [],
    stage: async () => 0,
  };
}
