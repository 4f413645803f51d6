import { isZip, unzipBounded } from '../formats/inflate.js';
import type { SourceDescriptor } from '../source.js';

/**
 * Sources whose file is one entry of a publisher's package (O*NET's release zip, ESCO's CSV
 * package): the entry is read from inside the zip the pipeline downloaded, and the package's
 * version (from the release's name) leads the edition's label.
 */

/**
 * The file's bytes: the file itself (a mirror's copy), or the entry of the zip named by the first
 * of `entries` found (each matched as the entry's whole name or its last path segments), inflated
 * within the source's limits.
 */
export function packageEntryBytes(bytes: Uint8Array, entries: string[], what: string): Uint8Array {
  if (entries.length === 0 || !isZip(bytes)) return bytes;
  const wanted = (name: string, entry: string) => name === entry || name.endsWith(`/${entry}`);
  const found = unzipBounded(bytes, (name) => entries.some((entry) => wanted(name, entry)), what);
  for (const entry of entries) {
    const match = [...found].find(([name]) => wanted(name, entry));
    if (match) return match[1];
  }
  throw new Error(`${what}: the package has no ${entries.join(' or ')}`);
}

/** What a package names its releases: `O*NET 30.3 Database`, `ESCO v1.2.1`; null when the name says nothing. */
const packageOf = new WeakMap<object, string>();

/**
 * The source reading its file from the package when the release is one (`entriesOf` the release:
 * the names to look for, empty for a plain file), its label led by `packageName(release label)`.
 */
export function readFromPackage<Parsed>(
  source: SourceDescriptor<Parsed>,
  entriesOf: (location: { member?: string }) => string[],
  packageName: (releaseLabel: string) => string | null,
): SourceDescriptor<Parsed> {
  const labelOf = source.labelOf?.bind(source);
  return {
    ...source,
    parse: async (file, release, companions) => {
      const bytes = packageEntryBytes(file.bytes, entriesOf(release.location), release.label);
      const parsed = await source.parse({ ...file, bytes }, release, companions);
      const name = packageName(release.label);
      if (name && typeof parsed === 'object' && parsed !== null) packageOf.set(parsed, name);
      return parsed;
    },
    ...(labelOf
      ? {
          labelOf: (parsed: Parsed) => {
            const name = typeof parsed === 'object' && parsed !== null ? packageOf.get(parsed) : undefined;
            return name ? `${name}: ${labelOf(parsed)}` : labelOf(parsed);
          },
        }
      : {}),
  };
}
