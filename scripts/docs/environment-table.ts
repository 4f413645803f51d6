import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ConfigVariable } from '../../src/config-variables.js';
import { markdownTable } from './markers.js';

export function environmentTable(variables: readonly ConfigVariable[]): string {
  return markdownTable(
    ['variable', 'default', 'meaning'],
    variables.map((v) => [`\`${v.name}\``, v.default, v.meaning]),
  );
}

/** The environment variables `src/` reads (`env.NAME`), by scanning its TypeScript. */
export function variablesReadInSource(root: string): string[] {
  const files = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.ts'),
  );
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(path.join(root, 'src', file), 'utf8');
    for (const [, name] of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b/g)) names.add(name!);
  }
  return [...names].sort();
}
