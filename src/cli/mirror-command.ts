import path from 'node:path';
import type { Config } from '../config.js';
import { buildMirror } from '../ingest/mirror-build.js';
import { SOURCES, findSource } from '../ingest/registry.js';
import { ingestSettings } from '../ingest/run-settings.js';
import { upstreamFor } from '../ingest/upstream.js';

/**
 * `lmi mirror build <folder> [sources...]`: the publishers' current releases written as a mirror
 * (src/ingest/mirror-build.ts), over the same fetcher settings as the ingest (LMI_FETCH_*,
 * HTTPS_PROXY, LMI_USER_AGENT...). Loaded only when the command runs: it loads every discovery.
 */
export async function mirrorBuildCommand(cfg: Config, folder: string, keys: string[]): Promise<void> {
  const upstream = upstreamFor({ ...cfg, upstream: { ...cfg.upstream, mode: 'publishers' } });
  const settings = ingestSettings(cfg);
  const dir = path.resolve(folder);
  process.stderr.write(`writing a mirror of ${upstream.description} to ${dir}\n`);
  const results = await buildMirror({
    upstream,
    sources: keys.length > 0 ? keys.map((k) => findSource(k)!) : SOURCES,
    dir,
    discovery: settings.discovery!,
    ...(settings.workDir ? { workDir: settings.workDir } : {}),
    sourceDone: (r) =>
      process.stderr.write(
        `${r.sourceKey.padEnd(28)} ${r.error ? `failed: ${r.error}` : `${r.files.length} file${r.files.length === 1 ? '' : 's'}`}\n`,
      ),
  }).finally(() => upstream.close?.());
  const failed = results.filter((r) => r.error !== null);
  process.stdout.write(
    `${results.reduce((n, r) => n + r.files.length, 0)} files of ${results.length} sources written to ${dir}; ${failed.length} failed\n`,
  );
  if (failed.length > 0) process.exitCode = 1;
}
