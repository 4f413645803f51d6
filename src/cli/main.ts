#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { SOURCE_PROFILES } from '../ingest/source-profiles.js';
import { hashEmail, issueApiKey } from '../keys/api-key.js';
import { announceRevocation } from '../keys/key-revocations.js';
import { resolveSecret } from '../keys/secret.js';
import { openMigratedStore } from '../runtime.js';
import { serve } from '../server.js';
import { createServices } from '../services.js';
import { matchTable } from './match-table.js';
import { listApiKeys, revokeKeyByPrefix } from '../store/keys.js';

// package.json sits two levels up from both src/cli and dist/cli.
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const program = new Command('lmi')
  .description('uk-lmi: labour market information API for UK SOC 2020 occupations')
  .version(version, '-V, --version', 'print the uk-lmi version');

const SOURCE_KEYS_TEXT = SOURCE_PROFILES.map((s) => s.key).join(', ');

function config(): Config {
  return loadConfig();
}

program
  .command('serve')
  .description('serve the HTTP API (migrates the database first)')
  .option('--ingest', 'read upstream releases after starting to listen', false)
  .action(async (options: { ingest: boolean }) => {
    await serve(config(), { ingestOnStart: options.ingest });
  });

program
  .command('ingest')
  .description('read upstream releases, validate them, and publish or quarantine each')
  .argument('[sources...]', `source keys (default: all): ${SOURCE_KEYS_TEXT}`)
  .action(async (keys: string[]) => {
    const unknown = keys.filter((k) => !SOURCE_PROFILES.some((s) => s.key === k));
    if (unknown.length > 0)
      throw new InvalidArgumentError(`unknown source ${unknown.join(', ')}; valid sources: ${SOURCE_KEYS_TEXT}`);
    const cfg = config();
    // Loaded here, not above: the parsers and their readers are for this command only.
    const { ingestCommand } = await import('./ingest-command.js');
    await ingestCommand(cfg, keys);
  });

program
  .command('mirror')
  .description('a mirror folder of the publishers, to copy where they cannot be reached')
  .command('build')
  .description(
    "download every publisher's current releases, as the ingest finds them, into <folder> (LMI_UPSTREAM_DIR's layout)",
  )
  .argument('<folder>', 'the mirror folder to write (created; files already there are replaced)')
  .argument('[sources...]', `source keys (default: all): ${SOURCE_KEYS_TEXT}`)
  .action(async (folder: string, keys: string[]) => {
    const unknown = keys.filter((k) => !SOURCE_PROFILES.some((s) => s.key === k));
    if (unknown.length > 0)
      throw new InvalidArgumentError(`unknown source ${unknown.join(', ')}; valid sources: ${SOURCE_KEYS_TEXT}`);
    const cfg = config();
    const { mirrorBuildCommand } = await import('./mirror-command.js');
    await mirrorBuildCommand(cfg, folder, keys);
  });

program
  .command('search')
  .description('find occupations from a job title, as GET /v1/occupations/search does')
  .argument('<text...>', 'the job title')
  .option('--limit <n>', 'how many matches (1 to 50)', parsePositiveInteger, 10)
  .action(async (words: string[], options: { limit: number }) => {
    const cfg = config();
    const store = await openMigratedStore(cfg);
    try {
      // A one-off search needs neither shared limits nor revocations: without REDIS_URL the services
      // open no Redis connection, which would keep the command from exiting.
      const services = createServices({ ...cfg, redisUrl: null }, store);
      const matches = await services.occupations.search(words.join(' '), Math.min(options.limit, 50));
      process.stdout.write(`${matchTable(matches)}\n`);
    } finally {
      await store.close();
    }
  });

program
  .command('mcp')
  .description('serve the MCP tools on stdio, with the API key in LMI_API_KEY (docs/mcp.md)')
  .action(async () => {
    const cfg = config();
    const { mcpCommand } = await import('./mcp-command.js');
    await mcpCommand(cfg, version);
  });

program
  .command('review')
  .description("one or all unit groups' pages with the evidence behind each joined item, for a reviewer")
  .argument('[code]', 'a four-digit SOC 2020 unit group code')
  .option('--all', 'every unit group', false)
  .option('--html <file>', 'write one static HTML file instead of text on stdout')
  .action(async (code: string | undefined, options: { all: boolean; html?: string }) => {
    if (!options.all && !code) throw new InvalidArgumentError('give a unit group code or --all');
    const cfg = config();
    const store = await openMigratedStore(cfg);
    try {
      const services = createServices({ ...cfg, redisUrl: null }, store);
      const { reviewSheets } = await import('./review-command.js');
      await reviewSheets(services, options.all ? null : code!, options.html ?? null);
    } finally {
      await store.close();
    }
  });

program
  .command('db')
  .description('database maintenance')
  .command('migrate')
  .description('bring the database schema up to date')
  .action(async () => {
    const store = await openMigratedStore(config());
    process.stdout.write(`database is up to date (${store.dialect}: ${store.location})\n`);
    await store.close();
  });

const keys = program.command('keys').description('manage API keys (operator)');

keys
  .command('create')
  .description('create a key; prints the key on stdout and nothing else')
  .requiredOption('--email <address>', 'the address the key belongs to')
  .option('--tier <tier>', 'rate-limit tier', 'free')
  .option('--rpm <n>', "requests per minute for this key, overriding the tier's", parsePositiveInteger)
  .action(async (options: { email: string; tier: string; rpm?: number }) => {
    const cfg = config();
    const tier = cfg.tiers.find((t) => t.name === options.tier);
    if (!tier)
      throw new InvalidArgumentError(
        `unknown tier "${options.tier}"; tiers: ${cfg.tiers.map((t) => t.name).join(', ')}`,
      );
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(options.email.trim()))
      throw new InvalidArgumentError(`"${options.email}" is not an e-mail address`);
    const store = await openMigratedStore(cfg);
    try {
      const issued = await issueApiKey(store.db, {
        tier,
        emailHmac: hashEmail(options.email, resolveSecret(cfg)),
        requestsPerMinute: options.rpm ?? null,
      });
      process.stdout.write(`${issued.key}\n`);
    } finally {
      await store.close();
    }
  });

keys
  .command('revoke')
  .description('revoke the key with this prefix')
  .argument('<prefix>', 'the key prefix shown by `lmi keys list`')
  .action(async (prefix: string) => {
    const cfg = config();
    const store = await openMigratedStore(cfg);
    try {
      if (!(await revokeKeyByPrefix(store.db, prefix))) {
        process.stderr.write(`no live key has the prefix ${prefix}\n`);
        process.exitCode = 1;
        return;
      }
      process.stdout.write(`revoked ${prefix}\n`);
      // Every replica sharing REDIS_URL refuses the key at once; without Redis, within LIVE_KEY_TTL_MS.
      await announceRevocation(cfg.redisUrl).catch((error: unknown) =>
        process.stderr.write(`the replicas were not told at once (${String(error)}); they refuse the key within 5 s\n`),
      );
    } finally {
      await store.close();
    }
  });

keys
  .command('list')
  .description('list keys (prefixes only; keys themselves are never stored)')
  .action(async () => {
    const store = await openMigratedStore(config());
    try {
      for (const key of await listApiKeys(store.db)) {
        const limit = key.requestsPerMinute === null ? '' : ` rpm=${key.requestsPerMinute}`;
        process.stdout.write(
          `${key.prefix}  ${key.tier}${limit}  created ${key.createdAt}  ${key.revokedAt ? `revoked ${key.revokedAt}` : 'live'}\n`,
        );
      }
    } finally {
      await store.close();
    }
  });

function parsePositiveInteger(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return n;
}

program.parseAsync(process.argv).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`lmi: ${error instanceof ConfigError ? `configuration: ${message}` : message}\n`);
  process.exit(1);
});
