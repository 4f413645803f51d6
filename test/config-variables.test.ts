import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { ENVIRONMENT } from '../src/config-variables.js';
import { REPO_ROOT } from '../scripts/docs/generate.js';
import { variablesNamedIn, variablesReadInSource } from '../scripts/docs/environment-table.js';

/** The names loadConfig asks the environment for, found by handing it an environment that records them. */
function namesLoadConfigReads(): string[] {
  const asked = new Set<string>();
  const env = new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      get(_target, name) {
        if (typeof name === 'string') asked.add(name);
        return undefined;
      },
    },
  );
  loadConfig(env);
  return [...asked].sort();
}

describe('the environment variables, declared once (src/config-variables.ts)', () => {
  const declared = ENVIRONMENT.map((v) => v.name);
  const parsed = ENVIRONMENT.filter((v) => 'parse' in v).map((v) => v.name);
  const readElsewhere = ENVIRONMENT.filter((v) => 'readIn' in v);

  it('declares each variable once', () => {
    assert.deepEqual(declared, [...new Set(declared)]);
  });

  it('are what loadConfig reads, and all it reads', () => {
    assert.deepEqual(namesLoadConfigReads(), [...parsed].sort());
  });

  it('declare every variable src/ reads by name, and name its reader (run `npm run docs:generate` after adding one)', () => {
    const byName = variablesReadInSource(REPO_ROOT);
    assert.deepEqual(
      byName,
      readElsewhere.map((v) => v.name).sort(),
      'a variable read by name outside config.ts must be declared in src/config-variables.ts with `readIn`',
    );
    for (const v of readElsewhere) {
      const reader = readFileSync(path.join(REPO_ROOT, v.readIn), 'utf8');
      assert.match(reader, new RegExp(`\\benv\\.${v.name}\\b`), `${v.readIn} reads ${v.name}`);
    }
  });

  it("finds variables read as env.NAME and env['NAME'], and not a name merely mentioned", () => {
    // The scan above is only as good as its pattern: it must see every spelling of a read.
    const module = [
      'const a = process.env.LMI_DOTTED;',
      "const b = process.env['LMI_BRACKETED'];",
      'const c = env[ "LMI_QUOTED" ];',
      'const d = trustedCas(process.env); // reads SSL_CERT_FILE',
    ].join('\n');
    assert.deepEqual(variablesNamedIn(module), ['LMI_DOTTED', 'LMI_BRACKETED', 'LMI_QUOTED']);
  });

  for (const variable of ENVIRONMENT) {
    if (!('fallback' in variable)) continue;
    it(`unset, ${variable.name} is read as its declared default "${variable.fallback}"`, () => {
      assert.deepEqual(loadConfig({}), loadConfig({ [variable.name]: variable.fallback }));
      assert.deepEqual(loadConfig({ [variable.name]: '' }), loadConfig({}), 'empty is unset');
    });
  }
});
