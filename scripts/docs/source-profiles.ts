import * as prettier from 'prettier';
import path from 'node:path';
import type { SourceProfile } from '../../src/domain/sources.js';
import type { AnySourceDescriptor } from '../../src/ingest/source.js';

/** Where the profiles are written, relative to the repository. */
export const SOURCE_PROFILES_FILE = 'src/ingest/source-profiles.ts';

/** What a descriptor holds beside its profile that is data rather than code: the release's safeguards. */
const SAFEGUARD_FIELDS = new Set(['limits', 'plausibility']);

/** The order the profiles' fields are written in, as SourceProfile declares them; any other follows. */
const FIELD_ORDER = ['key', 'name', 'publisher', 'licence', 'url', 'cadence', 'tier', 'attribution'];
const rank = (field: string) => (FIELD_ORDER.includes(field) ? FIELD_ORDER.indexOf(field) : FIELD_ORDER.length);

/**
 * A descriptor's profile: every field that is neither code nor a safeguard. A field a factory adds
 * that SourceProfile does not declare fails the type check of the written module.
 */
function profileOf(descriptor: AnySourceDescriptor): SourceProfile {
  const fields = Object.entries(descriptor)
    .filter(([field, value]) => typeof value !== 'function' && !SAFEGUARD_FIELDS.has(field))
    .sort(([a], [b]) => rank(a) - rank(b));
  return Object.fromEntries(fields) as unknown as SourceProfile;
}

const HEADER = `/**
 * What the service says of every registered source, without the code that reads it: each
 * descriptor's profile (publisher, licence, credit, surface), in the ingest order of
 * src/ingest/registry.ts. \`lmi serve\` reads these (/v1/meta/sources, provenance, attribution, the
 * 404 naming a source) and so loads no parser; the ingest reads the descriptors themselves.
 *
 * Written by \`npm run docs:generate\` from the descriptors: edit those, not this file
 * (test/scripts/docs/generate.test.ts fails when it differs from what they say).
 */
import type { SourceProfile } from '../domain/sources.js';
`;

/** The text of src/ingest/source-profiles.ts, formatted as the repository's Prettier settings say. */
export async function sourceProfilesModule(root: string, sources: readonly AnySourceDescriptor[]): Promise<string> {
  const profiles = JSON.stringify(sources.map(profileOf), null, 2);
  const text = `${HEADER}\nexport const SOURCE_PROFILES: readonly SourceProfile[] = ${profiles};\n`;
  const filepath = path.join(root, SOURCE_PROFILES_FILE);
  return prettier.format(text, { ...(await prettier.resolveConfig(filepath)), filepath });
}
