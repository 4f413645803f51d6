/**
 * `lmi mirror build <folder>`: on a connected machine, every publisher's current releases found
 * and downloaded as the ingest does (each source's own discovery, the same fetcher: User-Agent,
 * timeouts, retries, size caps), each file written at the path the mirror reader looks for it
 * (`FileLocation.mirrorPath`), so that the folder can be copied behind a firewall and read there
 * with LMI_UPSTREAM_DIR. Nothing is parsed or stored: the ingest that reads the mirror checks it.
 */
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DiscoveryOptions } from './discovery.js';
import { openZip } from './formats/inflate.js';
import { discoveryContext } from './publisher-reads.js';
import { readLimits, type ReadLimits } from './read-limits.js';
import type { AnySourceDescriptor } from './source.js';
import type { FileLocation, Upstream } from './upstream.js';

interface MirrorBuildOptions {
  /** The publishers over HTTPS (`upstreamFor` with LMI_UPSTREAM=publishers). */
  upstream: Upstream;
  sources: AnySourceDescriptor[];
  /** The mirror folder written. */
  dir: string;
  discovery: DiscoveryOptions;
  workDir?: string;
  limits?: Partial<ReadLimits>;
  /** Told each source's outcome as it ends. */
  sourceDone?: (result: MirroredSource) => void;
}

interface MirroredSource {
  sourceKey: string;
  /** Mirror paths written. */
  files: string[];
  /** Why the source's releases could not all be written; null when they were. */
  error: string | null;
}

export async function buildMirror(options: MirrorBuildOptions): Promise<MirroredSource[]> {
  const { upstream } = options;
  if (upstream.kind !== 'publishers' || !upstream.fetcher)
    throw new Error('a mirror is built from the publishers over HTTPS (LMI_UPSTREAM=publishers)');
  const results: MirroredSource[] = [];
  for (const source of options.sources.filter((s) => s.discover)) {
    const result: MirroredSource = { sourceKey: source.key, files: [], error: null };
    const run = await discoveryContext(upstream.fetcher, source.key, options.workDir ?? tmpdir(), options.discovery);
    try {
      const discovery = await source.discover!(run.context);
      await run.finish();
      const limits = readLimits({ ...source.limits, ...options.limits });
      for (const release of discovery.releases)
        for (const location of [release.location, ...(release.companions ?? [])])
          result.files.push(await mirrorFile(upstream, location, options.dir, limits));
    } catch (error) {
      result.error = error instanceof Error ? error.message : String(error);
    } finally {
      await run.dispose();
    }
    results.push(result);
    options.sourceDone?.(result);
  }
  return results;
}

/**
 * One file downloaded (or built by discovery) under its cap, then moved into place whole. A file
 * the publisher serves inside a zip (`member`) is the entry in the mirror, inflated within the cap.
 */
async function mirrorFile(
  upstream: Upstream,
  location: FileLocation,
  dir: string,
  limits: ReadLimits,
): Promise<string> {
  const file = await upstream.locate(location, limits.maxFileBytes);
  const target = path.join(dir, ...location.mirrorPath.split('/'));
  if (!path.resolve(target).startsWith(path.resolve(dir) + path.sep))
    throw new Error(`${location.mirrorPath} is outside the mirror folder`);
  await mkdir(path.dirname(target), { recursive: true });
  // Copied beside the target and renamed: an interrupted build never leaves a half file the reader would take.
  const partial = `${target}.partial`;
  const { member } = location;
  if (member === undefined) await copyFile(file.path, partial);
  else {
    const zip = openZip(await readFile(file.path), location.url);
    const entry = zip.names.find((name) => name.endsWith(member));
    if (!entry) throw new Error(`${location.url} has no entry ending ${member}`);
    await writeFile(partial, zip.inflate(entry, limits.maxInflatedBytes));
  }
  await rename(partial, target);
  return location.mirrorPath;
}
