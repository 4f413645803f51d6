import { createRequire } from 'node:module';
import path from 'node:path';
import { markdownTable } from './markers.js';

interface Rule {
  name: string;
  comment: string;
  from: { path: string };
  to: { path?: string | string[]; pathNot?: string | string[]; circular?: boolean };
}

const list = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/** `^src/http/` as `src/http/`, `^src/(app|server)\.ts$` as `src/(app|server).ts`. */
const folder = (pattern: string) => `\`${pattern.replace(/^\^/, '').replace(/\$$/, '').replace(/\\\./g, '.')}\``;

/**
 * The layer rules of .dependency-cruiser.cjs (which test/architecture/layers.test.ts enforces), one
 * row each: what a layer may not import, or the only things it may import, and why.
 */
export function layerRuleTable(root: string): string {
  const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as { forbidden: Rule[] };
  const rows = config.forbidden.map((rule) => {
    const only = list(rule.to.pathNot);
    const imports = rule.to.circular
      ? 'no import circle'
      : only.length > 0
        ? `only ${only.map(folder).join(', ')}`
        : `anything but ${list(rule.to.path).map(folder).join(', ')}`;
    return [`\`${rule.name}\``, folder(rule.from.path), imports, rule.comment];
  });
  return markdownTable(['rule', 'modules under', 'may import (within src/)', 'why'], rows);
}
