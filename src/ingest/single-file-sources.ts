import type { Check } from '../domain/editions.js';
import type { DbOrTx } from '../store/schema.js';
import type { PublisherProfile, ReleaseSafeguards, SourceDescriptor } from './source.js';
import type { FileLocation } from './upstream.js';
import type { SourceKey } from '../domain/sources.js';

/** Finds the one release a source has: the file at `location`, when the upstream has it. */
export function releaseAt(location: FileLocation, label: string): SourceDescriptor['detect'] {
  return async (upstream) => ((await upstream.has(location)) ? [{ label, seriesKey: null, location }] : []);
}

/** What differs between sources whose release is one file of a publisher's download, read from its bytes. */
export interface MirrorFileSpec<Parsed> extends Partial<PublisherProfile>, ReleaseSafeguards<Parsed> {
  key: SourceKey;
  name: string;
  /** The file's name in the publisher's folder of the mirror. */
  file: string;
  /** The release's name until its contents give one (`labelOf`). */
  label: string;
  parse: (bytes: Uint8Array) => Parsed | Promise<Parsed>;
  labelOf?: (parsed: Parsed) => string;
  /** How the publisher's own surface offers the file (LMI_UPSTREAM=publishers); absent: mirror only. */
  discover?: SourceDescriptor['discover'];
  surface?: string;
  check: (parsed: Parsed) => Check[];
  stage: (db: DbOrTx, editionId: string, parsed: Parsed) => Promise<number>;
}

/**
 * A source whose release is one file the publisher offers only inside a download it does not
 * give a stable address for (a zip behind a form, addresses that change with every release): the
 * file is looked for only in the mirror folder `folder`, and over HTTPS the source has no release
 * rather than fetching a web page, unless the spec's `discover` finds it on the publisher's own
 * surface. The spec may override the publisher's profile (another page).
 */
export function mirrorFileSource<Parsed>(
  folder: string,
  publisher: PublisherProfile,
  spec: MirrorFileSpec<Parsed>,
): SourceDescriptor<Parsed> {
  const { key, name, file, label, parse, labelOf, discover, surface, check, stage, ...differs } = spec;
  const profile = { ...publisher, ...differs };
  const location: FileLocation = { mirrorPath: `${folder}/${file}`, url: profile.url };
  return {
    key,
    name,
    ...profile,
    detect: async (upstream) =>
      (await upstream.listFolder(folder)).includes(file) ? [{ label, seriesKey: null, location }] : [],
    parse: async (upstreamFile) => parse(upstreamFile.bytes),
    ...(labelOf ? { labelOf } : {}),
    ...(discover ? { discover } : {}),
    ...(surface ? { surface } : {}),
    check: (parsed) => check(parsed),
    stage,
  };
}
