#!/usr/bin/env node
// `npm start`'s prestart: compile only when a source or build setting changed since the last
// build. tsc's own incremental check still costs seconds of CPU when nothing changed, and a
// restart should serve at once.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.tsbuildinfo');
const builtAt = statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;

function changedSince(entry) {
  const info = statSync(entry, { throwIfNoEntry: false });
  if (!info) return false;
  if (!info.isDirectory()) return info.mtimeMs > builtAt;
  return readdirSync(entry).some((name) => changedSince(path.join(entry, name)));
}

const inputs = ['src', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'].map((p) => path.join(root, p));
if (builtAt === 0 || inputs.some(changedSince)) {
  const tsc = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(root, 'tsconfig.build.json')],
    { stdio: 'inherit' },
  );
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
  // tsc leaves its build info alone when nothing needed emitting; mark the build as current.
  const now = new Date();
  utimesSync(stamp, now, now);
}
