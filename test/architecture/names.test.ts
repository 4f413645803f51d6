import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Why a group has no module in a layer, or why a module is not a group's noun. */
type Reason = { none: string };

interface Group {
  /** Folders under src/routes/v1 holding the group's routes: `occupations/<noun>` for those of one occupation. */
  routes: string[];
  domain: string | Reason;
  schema: string | Reason;
  query: string | Reason;
  /** The query module's class, also the noun (PascalCase). */
  queryClass: string | Reason;
  store: string | Reason;
  tables: string | Reason;
  explorer: string | Reason;
  /** Why the query module has no test/queries/<noun>.test.ts of its own. */
  queryTest?: Reason;
  /** Route tests that cover more than their own folder, in place of the mirrored file of each folder. */
  routeTests?: { files: string[]; reason: string };
}

const onePage = { none: 'not a part of the occupation page' };
const throughResponses = (noun: string) => ({
  none: `its pure part is test/queries/${noun}/responses.test.ts; the reads, through the route test`,
});
const throughRoute = (folder: string) => ({ none: `read through test/routes/v1/${folder}/index.test.ts` });
const listsToo = (group: string) => ({
  files: [`test/routes/v1/${group}/index.test.ts`],
  reason: 'one file for both folders: its cases assert the occupation and the list answers of one release together',
});

/**
 * One noun per endpoint group through every layer (issue 24): the route folder, domain rows, schema,
 * query, store, tables and explorer section of a group are files named for it, so a reader following
 * a URL finds each layer by its name. A new group is one row here; a missing layer says why.
 */
const GROUPS: Record<string, Group> = {
  occupations: {
    routes: ['occupations'],
    domain: { none: 'SOC codes and groups are src/domain/soc.ts, the vocabulary every group shares' },
    schema: 'occupations',
    query: 'occupations',
    queryClass: 'Occupations',
    store: 'occupations',
    tables: 'occupations',
    explorer: { none: 'the page itself is src/explore/occupation-page.ts' },
  },
  pay: {
    routes: ['occupations/pay'],
    domain: 'pay',
    schema: 'pay',
    query: 'pay',
    queryClass: 'Pay',
    store: 'pay',
    tables: 'pay',
    explorer: 'pay',
  },
  employment: {
    routes: ['occupations/employment'],
    domain: 'employment',
    schema: 'employment',
    query: 'employment',
    queryClass: 'Employment',
    store: 'employment',
    tables: 'employment',
    explorer: 'employment',
  },
  vacancies: {
    routes: ['occupations/vacancies'],
    domain: 'vacancies',
    schema: 'vacancies',
    query: 'vacancies',
    queryClass: 'Vacancies',
    store: 'vacancies',
    tables: 'vacancies',
    explorer: 'vacancies',
  },
  projections: {
    routes: ['occupations/projections'],
    domain: 'projections',
    schema: 'projections',
    query: 'projections',
    queryClass: 'Projections',
    store: 'projections',
    tables: 'projections',
    explorer: 'projections',
  },
  skills: {
    routes: ['occupations/skills'],
    domain: 'skills',
    schema: 'skills',
    query: 'skills',
    queryClass: 'Skills',
    store: 'skills',
    tables: 'skills',
    explorer: 'skills',
  },
  'work-profile': {
    routes: ['occupations/work-profile'],
    domain: 'work-profile',
    schema: 'work-profile',
    query: 'work-profile',
    queryClass: 'WorkProfile',
    store: 'work-profile',
    tables: 'work-profile',
    explorer: 'work-profile',
  },
  'how-to-become': {
    routes: ['occupations/how-to-become'],
    domain: 'how-to-become',
    schema: 'how-to-become',
    query: 'how-to-become',
    queryClass: 'HowToBecome',
    store: 'how-to-become',
    tables: 'how-to-become',
    explorer: 'how-to-become',
    queryTest: throughRoute('occupations/how-to-become'),
  },
  apprenticeships: {
    routes: ['occupations/apprenticeships'],
    domain: 'apprenticeships',
    schema: 'apprenticeships',
    query: 'apprenticeships',
    queryClass: 'Apprenticeships',
    store: 'apprenticeships',
    tables: 'apprenticeships',
    explorer: 'apprenticeships',
    queryTest: throughRoute('occupations/apprenticeships'),
  },
  visas: {
    routes: ['occupations/visas', 'visas'],
    domain: 'visas',
    schema: 'visas',
    query: 'visas',
    queryClass: 'Visas',
    store: 'visas',
    tables: 'visas',
    explorer: 'visas',
    routeTests: listsToo('visas'),
    queryTest: throughResponses('visas'),
  },
  demand: {
    routes: ['occupations/demand', 'demand'],
    domain: 'demand',
    schema: 'demand',
    query: 'demand',
    queryClass: 'Demand',
    store: 'demand',
    tables: 'demand',
    explorer: 'demand',
    routeTests: listsToo('demand'),
    queryTest: throughResponses('demand'),
  },
  'job-adverts': {
    routes: ['occupations/job-adverts', 'job-adverts'],
    domain: 'job-adverts',
    schema: 'job-adverts',
    query: 'job-adverts',
    queryClass: 'JobAdverts',
    store: 'job-adverts',
    tables: 'job-adverts',
    explorer: 'job-adverts',
    routeTests: listsToo('job-adverts'),
    queryTest: throughResponses('job-adverts'),
  },
  moves: {
    routes: ['occupations/moves'],
    domain: { none: 'no rows of its own: moves combine the skills, pay, projections and vacancies groups' },
    schema: 'moves',
    query: 'moves',
    queryClass: 'Moves',
    store: { none: 'reads the ESCO tables of the skills group and the other groups through their queries' },
    tables: { none: 'no table of its own' },
    explorer: 'moves',
  },
  'local-areas': {
    routes: ['local-areas'],
    domain: {
      none: 'src/domain/areas.ts holds the UK, nations and regions too, used by pay, projections and job adverts',
    },
    schema: 'local-areas',
    query: 'local-areas',
    queryClass: 'LocalAreas',
    store: 'local-areas',
    tables: 'local-areas',
    explorer: onePage,
  },
  meta: {
    routes: ['meta'],
    domain: { none: 'sources and editions (src/domain/sources.ts, editions.ts) are every group’s vocabulary' },
    schema: 'meta',
    query: 'meta',
    queryClass: 'Meta',
    store: {
      none: 'the meta endpoints read the editions model every group shares (store/editions.ts, sources.ts, ingest-runs.ts)',
    },
    tables: 'meta',
    explorer: onePage,
    queryTest: throughRoute('meta'),
  },
  bulk: {
    routes: ['bulk'],
    domain: 'bulk',
    schema: 'bulk',
    query: 'bulk',
    queryClass: 'Bulk',
    store: 'bulk',
    tables: { none: "reads each exported group's own tables, a page at a time" },
    explorer: { none: 'the Downloads page is src/explore/downloads-page.ts' },
    queryTest: throughRoute('bulk'),
  },
  changes: {
    routes: ['changes'],
    domain: 'changes',
    schema: 'changes',
    query: 'changes',
    queryClass: 'Changes',
    store: 'changes',
    tables: 'changes',
    explorer: onePage,
    queryTest: throughRoute('changes'),
  },
  webhooks: {
    routes: ['webhooks'],
    domain: 'webhooks',
    schema: 'webhooks',
    query: 'webhooks',
    queryClass: 'Webhooks',
    store: 'webhooks',
    tables: 'webhooks',
    explorer: onePage,
    queryTest: throughRoute('webhooks'),
  },
  keys: {
    routes: ['keys'],
    domain: { none: 'keys are not labour market data: src/keys holds their rules' },
    schema: 'keys',
    query: { none: 'src/keys (key-issuance.ts, live-keys.ts) issues and checks keys' },
    queryClass: { none: 'no query module' },
    store: 'keys',
    tables: 'keys',
    explorer: onePage,
    routeTests: {
      files: ['test/keys/key-issuance.test.ts'],
      reason: 'the key routes are tested with the issuance they front (e-mail, confirmation page, limits)',
    },
  },
};

/** Modules of a layer that are no group's noun, each with what it is. */
const SUPPORTING: Record<string, Record<string, string>> = {
  'src/domain': {
    areas: 'the UK, nations, regions and local areas: pay, projections, job adverts and local areas use it',
    editions: 'editions and their states, of every source',
    'period-figures': 'totals, changes and ranks over periods, for several groups',
    numbers: 'rounding, percentages and byte sizes, written once for every layer',
    periods: 'quarters and months',
    problems: 'the problem kinds every route answers',
    quality: 'quality bands of estimates',
    soc: 'SOC codes and groups, every group’s key',
    sources: 'source profiles, of every group',
    'special-addresses': 'the IANA special-purpose addresses webhook targets may not point at',
  },
  'src/schemas': {
    health: 'the /healthz and /readyz bodies, outside /v1',
    illustrations: 'example responses of every group, for the docs',
    'list-limit': 'the `limit` of every list endpoint',
    problem: 'the problem body every route declares',
    shared: 'provenance and the schema helpers every group uses',
  },
  // src/queries holds a folder per endpoint group (its query at <noun>/index.ts); the root holds
  // only what every group shares, and a module beside a group's index is that group's own.
  'src/queries': {
    'current-editions': 'the edition each source answers from, for every group',
    'not-ingested':
      'the 503 of a group whose source is not ingested yet, naming the publishers that could not be reached',
    provenance: 'the provenance of every answer',
    'editions-memo':
      'the values every group derives from the current editions, kept per edition and warmed from one list',
    'off-thread': 'the worker thread the slowest per-edition builds run in, for every group',
    'qualifier-support':
      'whether a qualified index title ("Cleaner [coal mine]") is about its subject, for the text joins of several groups',
    'occupations/coding-index': 'the ONS coding index, read by occupations, skills, work profile and apprenticeships',
    'occupations/search-evidence': 'the NCS and ESCO titles the occupations group’s search learns job names from',
    'occupations/isco-groups': 'ISCO-08 shares, for skills and work profile',
    'occupations/soc-crosswalk': 'SOC 2010 suppliers, for vacancies and projections',
    'occupations/crosswalk-shares': 'SOC 2010 to SOC 2020 shares of the ONS relationship tables',
    'occupations/unit-group-text': 'what each unit group is about: the side every text join compares against',
    'visas/responses': 'the visas group’s pure response builders',
    'demand/responses': 'the demand group’s pure response builders',
    'job-adverts/responses': 'the job-adverts group’s pure response builders',
    'how-to-become/job-profiles': 'NCS profiles placed on unit groups, for how to become and apprenticeships',
    'how-to-become/profile-placement': 'the constants and scoring that place an NCS profile on unit groups',
    'apprenticeships/standard-relations': 'the evidence that relates an apprenticeship standard to a unit group',
    'employment/census-ages':
      '/workforce’s age bands from the Census 2021 occupation-by-age release, another population from its `people`',
    'moves/entry-barriers':
      'the degrees and registrations a unit group’s Volume 1 entry route requires, which no move crosses',
    'moves/facts':
      'the pay, outlook, vacancy and routes-in figures a career move shows, through the other groups’ queries',
    'moves/ranking':
      'the order of career moves: closeness weighed with progression evidence (routes in, minor group, pay, size)',
    'moves/skill-gaps': 'closeness and skill gaps between two unit groups’ skill profiles, for career moves',
    'skills/skill-profiles':
      'the one skills model: every unit group’s weighted ESCO skill profile, read by skills, moves and compare',
    'skills/esco-closeness': 'which ESCO occupations stand for a unit group, and how much each',
    'work-profile/crosswalk-chain': 'the work profile’s walk from ISCO-08 through the US SOC crosswalks to O*NET',
    'work-profile/onet-closeness': 'how closely each US occupation the chain reaches matches the unit group',
    'work-profile/onet-titles': 'the job titles an O*NET occupation title names',
    'work-profile/onet-twins': 'the unit group’s own US twins, found from its own titles',
    'bulk/columns': 'the bulk group’s CSV columns, from a response schema',
    'bulk/exporters': 'every source’s bulk exporter, wired to the group whose JSON its rows match',
    'bulk/responses': 'the bulk files built from a per-occupation endpoint’s responses',
    'bulk/file-cache': 'the bulk files on disk: where each lives, written whole, pruned when no longer served',
    'bulk/lines': 'a bulk file’s lines (CSV or JSON Lines), as the bulk builder writes them',
    'bulk/parquet': 'a bulk file as Parquet, its columns typed, as the bulk builder writes it',
    'health/readiness': 'the /readyz check (health, outside /v1, has no group of its own)',
  },
  'src/store': {
    batch: 'batched inserts, for every group',
    clock: 'the time the store writes',
    'coding-index': 'the ONS coding index rows (occupations tables)',
    database: 'opening SQLite or PostgreSQL',
    faults: 'what a database error means (away, busy, corrupt, full), for every group',
    'publisher-reachability': 'which publishers answered the latest ingest run, for the ingest status',
    editions: 'the editions model every group publishes through',
    'ingest-lock': 'one ingest at a time',
    'ingest-runs': 'the record of every ingest run (meta tables)',
    'key-requests': 'e-mail confirmations of the keys group',
    migrate: 'runs the migrations',
    schema: 'the Database of every group’s tables',
    'staged-rows': 'the rows a release wrote before it was published (SQLite), for the editions model',
    'soc-crosswalk': 'the SOC 2010 crosswalk rows',
    'soc-descriptions': 'the SOC 2020 descriptions (occupations tables)',
    sources: 'the sources table (meta tables)',
    'upstream-state': 'what the ingest remembers of each publisher: validators, found releases, schedule (meta tables)',
  },
  'src/store/tables': {
    'soc-crosswalk': 'the SOC 2010 to 2020 crosswalk, read by vacancies and projections',
  },
  'src/explore/sections': {
    index: 'the list of the page’s sections',
    section: 'what a section is',
  },
};

const LAYERS = {
  domain: 'src/domain',
  schema: 'src/schemas',
  query: 'src/queries',
  store: 'src/store',
  tables: 'src/store/tables',
  explorer: 'src/explore/sections',
} as const;

const modulesOf = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => e.name.slice(0, -'.ts'.length))
    .sort();

/** The query layer's modules: a group's folder counts as its noun (`pay` for pay/index.ts), any other file as `folder/name`. */
const queryModules = (): string[] => [
  ...modulesOf(LAYERS.query),
  ...readdirSync(path.join(root, LAYERS.query), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) =>
      modulesOf(`${LAYERS.query}/${e.name}`).map((name) => (name === 'index' ? e.name : `${e.name}/${name}`)),
    ),
];

/** Where a layer's module of that name lives: a group's query is the index of its folder. */
const moduleFile = (layer: keyof typeof LAYERS, name: string): string =>
  layer === 'query' && !name.includes('/') ? `${LAYERS.query}/${name}/index.ts` : `${LAYERS[layer]}/${name}.ts`;

/** Folders under `dir` (relative to the root) that hold an index.ts, relative to `dir`. */
function routeFolders(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(root, dir, prefix), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => {
      const folder = prefix ? `${prefix}/${e.name}` : e.name;
      const here = existsSync(path.join(root, dir, folder, 'index.ts')) ? [folder] : [];
      return [...here, ...routeFolders(dir, folder)];
    });
}

const testFilesUnder = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`);

const isReason = (value: string | Reason): value is Reason => typeof value !== 'string';

describe('one noun per endpoint group through every layer', () => {
  it('gives every group its file in each layer, or a reason it has none', () => {
    const missing: string[] = [];
    for (const [noun, group] of Object.entries(GROUPS)) {
      for (const layer of Object.keys(LAYERS) as Array<keyof typeof LAYERS>) {
        const name = group[layer];
        if (isReason(name)) continue;
        assert.equal(name, noun, `${noun}: its ${layer} module is named ${name}`);
        const file = moduleFile(layer, name);
        if (!existsSync(path.join(root, file))) missing.push(file);
      }
      for (const folder of group.routes) {
        assert.ok(folder === noun || folder === `occupations/${noun}`, `${noun}: route folder ${folder}`);
        if (!existsSync(path.join(root, 'src/routes/v1', folder, 'index.ts')))
          missing.push(`src/routes/v1/${folder}/index.ts`);
      }
    }
    assert.deepEqual(missing, []);
  });

  it('lists every route folder under src/routes/v1 in one group', () => {
    const listed = Object.values(GROUPS).flatMap((g) => g.routes);
    assert.deepEqual(routeFolders('src/routes/v1').sort(), [...listed].sort());
  });

  it("keeps every group's routes for one occupation under routes/v1/occupations", () => {
    const misplaced: string[] = [];
    for (const folder of routeFolders('src/routes/v1')) {
      if (folder === 'occupations' || folder.startsWith('occupations/')) continue;
      const text = readFileSync(path.join(root, 'src/routes/v1', folder, 'index.ts'), 'utf8');
      if (/['`]\/occupations\//.test(text)) misplaced.push(folder);
    }
    assert.deepEqual(misplaced, []);
  });

  it('names every module of a layer after a group, or says what it supports', () => {
    const stray: string[] = [];
    for (const [layer, dir] of Object.entries(LAYERS)) {
      const nouns = new Set(
        Object.values(GROUPS)
          .map((g) => g[layer as keyof typeof LAYERS])
          .filter((name): name is string => !isReason(name)),
      );
      const modules = layer === 'query' ? queryModules() : modulesOf(dir);
      for (const module of modules) {
        if (!nouns.has(module) && !(module in (SUPPORTING[dir] ?? {}))) stray.push(`${dir}/${module}.ts`);
      }
      for (const module of Object.keys(SUPPORTING[dir] ?? {}))
        assert.ok(existsSync(path.join(root, dir, `${module}.ts`)), `${dir}/${module}.ts is listed but gone`);
    }
    assert.deepEqual(stray, []);
  });

  it("names each group's query class and tables after its noun", () => {
    const pascal = (noun: string) => noun.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase());
    for (const [noun, group] of Object.entries(GROUPS)) {
      if (!isReason(group.queryClass)) {
        assert.equal(group.queryClass, pascal(noun), `${noun}: query class`);
        const file = moduleFile('query', noun);
        const text = readFileSync(path.join(root, file), 'utf8');
        assert.match(text, new RegExp(`export class ${group.queryClass}\\b`), `${noun}: ${file}`);
      }
      if (!isReason(group.tables)) {
        const text = readFileSync(path.join(root, 'src/store/tables', `${noun}.ts`), 'utf8');
        assert.match(text, new RegExp(`export interface ${pascal(noun)}Tables\\b`), `${noun}: tables`);
      }
    }
  });

  it('tests each route folder at the path that mirrors it', () => {
    const missing: string[] = [];
    for (const group of Object.values(GROUPS)) {
      if (group.routeTests) {
        for (const file of group.routeTests.files) if (!existsSync(path.join(root, file))) missing.push(file);
        continue;
      }
      for (const folder of group.routes) {
        const file = `test/routes/v1/${folder}/index.test.ts`;
        if (!existsSync(path.join(root, file))) missing.push(file);
      }
    }
    assert.deepEqual(missing, []);
  });

  it("tests each group's query at test/queries/<noun>/index.test.ts, or says where it is tested", () => {
    const missing: string[] = [];
    for (const [noun, group] of Object.entries(GROUPS)) {
      if (isReason(group.query) || group.queryTest) continue;
      const file = `test/queries/${noun}/index.test.ts`;
      if (!existsSync(path.join(root, file))) missing.push(file);
    }
    assert.deepEqual(missing, []);
  });

  it('mirrors src in every test file of the layers', () => {
    const orphans: string[] = [];
    for (const file of testFilesUnder('test/routes/v1')) {
      const folder = path.posix.dirname(file.slice('test/'.length));
      if (!existsSync(path.join(root, 'src', folder, 'index.ts'))) orphans.push(file);
    }
    for (const dir of ['domain', 'schemas', 'queries', 'store', 'explore']) {
      if (!existsSync(path.join(root, 'test', dir))) continue;
      for (const file of testFilesUnder(`test/${dir}`)) {
        // `x.test.ts` or `x.<aspect>.test.ts` tests src/<dir>/x.ts.
        const [name] = path.posix.basename(file).split('.');
        const source = path.posix.join('src', path.posix.dirname(file.slice('test/'.length)), `${name}.ts`);
        if (!existsSync(path.join(root, source))) orphans.push(file);
      }
    }
    assert.deepEqual(orphans, []);
  });
});
