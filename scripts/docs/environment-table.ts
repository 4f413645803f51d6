import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ENVIRONMENT } from '../../src/config-variables.js';
import { markdownTable } from './markers.js';

export function environmentTable(variables: typeof ENVIRONMENT): string {
  return markdownTable(
    ['variable', 'default', 'meaning'],
    variables.map((v) => [`\`${v.name}\``, 'fallback' in v ? `\`${v.fallback}\`` : v.unset, v.meaning]),
  );
}

/**
 * The environment variables `src/` reads by name (`env.NAME`, `env['NAME']`), by scanning its
 * TypeScript; config.ts reads the declared ones through their declarations, by no name of its own.
 */
export function variablesReadInSource(root: string): string[] {
  const files = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.ts'),
  );
  const names = files.flatMap((file) => variablesNamedIn(readFileSync(path.join(root, 'src', file), 'utf8')));
  return [...new Set(names)].sort();
}

/** The variables a module's text reads by name: `env.NAME`, `env['NAME']` (and `process.env.` alike). */
export function variablesNamedIn(text: string): string[] {
  const reads = text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)\b|\[\s*['"`]([A-Z][A-Z0-9_]+)['"`]\s*\])/g);
  return [...reads].map(([, dotted, quoted]) => (dotted ?? quoted)!);
}
