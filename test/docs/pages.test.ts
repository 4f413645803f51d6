import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SOURCES } from '../../src/ingest/registry.js';
import { REPO_ROOT } from '../helpers/template-databases.js';

/** The pages read on GitHub: the front door, the contributors' guide, docs/ and the benchmarks' figures. */
const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  'bench/README.md',
  'bench/LOG.md',
  ...readdirSync(path.join(REPO_ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file.split(path.sep).join('/')}`),
].sort();

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The page without fenced code blocks and inline code, where nothing is a link or a heading. */
function prose(text: string): string {
  return text
    .replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '')
    .replace(/(`+)[\s\S]*?\1/g, (code) => (code.includes('\n\n') ? code : ''));
}

/**
 * GitHub's anchor for a heading (the rule github-slugger implements, which is not in node_modules):
 * the rendered text lower-cased, every character that is not a letter, mark, number, connector
 * (`_`), space or hyphen removed, spaces turned into hyphens; a repeated slug gets `-1`, `-2`, ...
 */
export function githubSlug(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*~]/g, '');
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a page offers: its headings' slugs (numbered when repeated) and explicit `id`/`name` attributes. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = text.replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '');
  for (const [, heading] of withoutFences.matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/gm)) {
    const slug = githubSlug(heading!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const [, id] of text.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

/** Every link target of a page's prose: inline links, images and reference definitions. */
function linksOf(text: string): string[] {
  const body = prose(text);
  const inline = [...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const references = [...body.matchAll(/^ {0,3}\[[^\]]+\]:\s+<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  const html = [...body.matchAll(/<a\s[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  return [...inline, ...references, ...html];
}

/** What is wrong with one relative link of `page`, or null when it resolves. */
function brokenLink(page: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:: not checked here
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const file = pathPart === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), pathPart));
  if (pathPart.startsWith('/')) return 'an absolute path: GitHub resolves it against the site, not the repository';
  if (file.startsWith('../') || file === '..') return 'outside the repository: dead on GitHub';
  const absolute = path.join(REPO_ROOT, decodeURIComponent(file));
  if (!existsSync(absolute)) return `${file} does not exist`;
  if (anchor === undefined) return null;
  if (statSync(absolute).isDirectory() || !file.endsWith('.md'))
    return `#${anchor}: anchors are checked in .md files only`;
  return anchorsOf(read(file)).has(decodeURIComponent(anchor)) ? null : `${file} has no heading #${anchor}`;
}

describe('the docs as GitHub renders them', () => {
  it('resolve every relative link and anchor in README.md, CONTRIBUTING.md, docs/ and bench/README.md', () => {
    const broken: string[] = [];
    for (const page of PAGES)
      for (const target of linksOf(read(page))) {
        const why = brokenLink(page, target);
        if (why) broken.push(`${page}: (${target}) ${why}`);
      }
    assert.deepEqual(broken, []);
  });

  it('slug headings as GitHub does', () => {
    assert.equal(
      githubSlug('Every route cold (target: p99 within 25 ms on the embedded default)'),
      'every-route-cold-target-p99-within-25-ms-on-the-embedded-default',
    );
    assert.equal(githubSlug('The `lmi` command'), 'the-lmi-command');
    assert.equal(githubSlug('Shared exact titles (issue 27)'), 'shared-exact-titles-issue-27');
    assert.equal(githubSlug("The ingest's memory budget"), 'the-ingests-memory-budget');
    assert.equal(githubSlug('Search — fast, and right'), 'search--fast-and-right');
    assert.equal(githubSlug('LMI_UPSTREAM and [the mirror](x.md)'), 'lmi_upstream-and-the-mirror');
    assert.deepEqual([...anchorsOf('# A\n## A\n```\n# Not a heading\n```\n<a id="here"></a>\n')], ['a', 'a-1', 'here']);
  });

  it('link every page of docs/ from the docs index', () => {
    const index = read('docs/README.md');
    const unlisted = PAGES.filter((p) => p.startsWith('docs/') && p !== 'docs/README.md').filter(
      (p) => !linksOf(index).some((target) => target.split('#')[0] === p.slice('docs/'.length)),
    );
    assert.deepEqual(unlisted, [], 'add a row for each to docs/README.md');
  });

  it('keep the README a front door: at most 250 lines', () => {
    const lines = read('README.md').split('\n').length;
    assert.ok(lines <= 250, `README.md has ${lines} lines: move a subject to its page in docs/`);
  });

  it("say in the README's mirror table only what the descriptors say", () => {
    const section = /## With and without the mirror\n([\s\S]*?)\n## /.exec(read('README.md'))![1]!;
    const wrong: string[] = [];
    for (const row of section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| for '))) {
      const [, withMirror = '', withoutMirror = ''] = row.split(' | ');
      for (const [cell, column] of [
        [withMirror, 'with the mirror'],
        [withoutMirror, 'without it'],
      ] as const)
        for (const [, key] of cell.matchAll(/`([a-z0-9-]+)`/g)) {
          const source = SOURCES.find((s) => s.key === key);
          // A source named under "with the mirror" is one the mirror does not give; one named
          // under "without it" is one the publisher's surface does not give (found, not read).
          const said = column === 'with the mirror' ? source?.inMirror === false : source?.detectOnly === true;
          if (!said) wrong.push(`${key} (${column}): ${source ? 'the descriptor says otherwise' : 'not a source'}`);
        }
    }
    assert.deepEqual(wrong, []);
  });

  it("name in docs/sources.md's data status only resources the schemas define", async () => {
    const titles = new Set<string>();
    for (const file of readdirSync(path.join(REPO_ROOT, 'src/schemas')).filter((f) => f.endsWith('.ts'))) {
      const module = (await import(path.join(REPO_ROOT, 'src/schemas', file))) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        const title = (value as { title?: unknown } | null)?.title;
        if (typeof title === 'string') titles.add(title);
      }
    }
    const section = /## Data status of every resource in the spec\n([\s\S]*?)(?=\n## |$)/.exec(
      read('docs/sources.md'),
    )![1]!;
    const named = section
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| resource '))
      .flatMap((line) => line.slice(2).split(' | ')[0]!.split(', '));
    assert.ok(named.length > 20, `only ${named.length} resources read from the table`);
    assert.deepEqual(
      named.filter((name) => !titles.has(name)),
      [],
    );
  });

  it('name only migrations that are in src/store/migrations, and never the next number', () => {
    const migrations = new Set(readdirSync(path.join(REPO_ROOT, 'src/store/migrations')));
    const named: string[] = [];
    const promised: string[] = [];
    for (const file of [...PAGES, 'src/store/migrate.ts']) {
      const text = read(file);
      for (const [name] of text.matchAll(/\b\d{3}-[a-z0-9-]+\.ts\b/g))
        if (!migrations.has(name)) named.push(`${file}: ${name}`);
      for (const [claim] of text.matchAll(/next (?:migration|number)[^.]{0,60}\b\d{3}\b/gi))
        promised.push(`${file}: ${claim}`);
    }
    assert.deepEqual(named, [], 'a migration the docs name is not in the tree');
    assert.deepEqual(promised, [], 'the docs name the next migration number, which goes stale with each migration');
  });

  it("describe every operation of docs/api.md's generated table in its hand-written one", () => {
    const page = read('docs/api.md');
    const generated = page.slice(
      page.indexOf('<!-- generated:endpoints -->'),
      page.indexOf('<!-- /generated:endpoints -->'),
    );
    const written = /## What each endpoint serves, and from what\n([\s\S]*?)\n## /.exec(page)![1]!;
    const operations = [...generated.matchAll(/`([A-Z]+ \/[^`]+)`/g)].map((m) => m[1]!);
    assert.ok(operations.length > 20, `only ${operations.length} operations read from the generated table`);
    assert.deepEqual(
      operations.filter((operation) => !written.includes(`\`${operation}\``) && !written.includes(`\`${operation}?`)),
      [],
      'add a row saying what it serves and from what',
    );
  });

  it('describe every `lmi` command in docs/deployment.md', () => {
    const commands = [...read('src/cli/main.ts').matchAll(/\.command\('([a-z-]+)'\)/g)].map((m) => m[1]!);
    const page = read('docs/deployment.md');
    assert.ok(commands.length > 5, `only ${commands.length} commands read from src/cli/main.ts`);
    assert.deepEqual(
      commands.filter((command) => !new RegExp(`\`lmi [^\`]*\\b${command}\\b`).test(page)),
      [],
    );
  });

  it('name every benchmark script of package.json in docs/performance.md', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const page = read('docs/performance.md');
    const missing = scripts.filter((s) => s.startsWith('bench:') && !page.includes(`npm run ${s}\``));
    assert.deepEqual(missing, []);
  });
});
