/**
 * SQLite and PostgreSQL hold and give back the same: every table of the two templates (the whole
 * registry ingested from the real mirror into each) has the same rows, and every read of
 * src/store answers the same on both, for every edition and every unit group it is asked about.
 * All the SQL is in src/store, so this is what lets the tests above the store (queries, routes:
 * `DIALECTS_ABOVE_STORE` in test/helpers/stores.ts) run on one dialect only. A read added to
 * src/store fails the last test until it is listed here.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Edition } from '../../src/domain/editions.js';
import type { DbOrTx } from '../../src/store/schema.js';
import * as apprenticeships from '../../src/store/apprenticeships.js';
import * as bulk from '../../src/store/bulk.js';
import * as changes from '../../src/store/changes.js';
import * as codingIndex from '../../src/store/coding-index.js';
import * as demand from '../../src/store/demand.js';
import * as editions from '../../src/store/editions.js';
import * as employment from '../../src/store/employment.js';
import * as howToBecome from '../../src/store/how-to-become.js';
import * as ingestRuns from '../../src/store/ingest-runs.js';
import * as jobAdverts from '../../src/store/job-adverts.js';
import * as keys from '../../src/store/keys.js';
import * as localAreas from '../../src/store/local-areas.js';
import * as occupations from '../../src/store/occupations.js';
import * as pay from '../../src/store/pay.js';
import * as projections from '../../src/store/projections.js';
import * as skills from '../../src/store/skills.js';
import * as socCrosswalk from '../../src/store/soc-crosswalk.js';
import * as socDescriptions from '../../src/store/soc-descriptions.js';
import * as upstreamState from '../../src/store/upstream-state.js';
import * as vacancies from '../../src/store/vacancies.js';
import * as visas from '../../src/store/visas.js';
import * as webhooks from '../../src/store/webhooks.js';
import * as workProfile from '../../src/store/work-profile.js';
import type { TestStore } from '../helpers/stores.js';
import { REPO_ROOT, copyTemplate } from '../helpers/template-databases.js';

/** What a read is given besides the database: the store's own edition ids, and values taken from the SQLite template. */
interface Context {
  /** The ids in this store of every edition of the source, oldest first. */
  editionsOf(sourceKey: string): string[];
  /** Every edition in this store. */
  all: string[];
  /** Distinct values from the SQLite template (the same for both: the table parity test proves it). */
  values: Values;
}

interface Values {
  socs: string[];
  soc2010s: string[];
  areas: string[];
  payKeys: pay.PayKey[];
  escoOccupationIds: string[];
  iscoGroups: string[];
  usSocCodes: string[];
  onetCodes: string[];
  onet2010Codes: string[];
  onet2019Codes: string[];
  fetchStates: Array<{ sourceKey: string; url: string }>;
  contents: Array<{ sourceKey: string; sha256: string }>;
}

type Read = (db: DbOrTx, c: Context) => Promise<unknown>;

/** Calls `read` for each item, keeping each answer or the error it threw (both must agree). */
async function each<T>(items: T[], read: (item: T) => Promise<unknown>): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (const item of items) {
    try {
      answers.push(await read(item));
    } catch (error) {
      answers.push({ threw: error instanceof Error ? error.message : String(error) });
    }
  }
  return answers;
}

/** Every page a paged read gives, in order: the pages themselves, so that where they break is compared too. */
async function pagesOf<T>(pages: AsyncGenerator<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages) all.push(page);
  return all;
}

/** A read of one edition, asked of every edition of the sources that store its rows, and of one edition of another source. */
const perEdition =
  (read: (db: DbOrTx, editionId: string) => Promise<unknown>, ...sourceKeys: string[]): Read =>
  (db, c) =>
    each([...sourceKeys.flatMap((key) => c.editionsOf(key)), ...c.editionsOf('soc2020-structure')], (id) =>
      read(db, id),
    );

/** Every read of src/store (by module and name) and what it is asked. Writes are not listed. */
const READS: Record<string, Read> = {
  'apprenticeships.standardsOf': perEdition(apprenticeships.standardsOf, 'apprenticeship-standards'),
  'bulk.editionRowPages': (db, c) =>
    each(c.editionsOf('aps-occupation'), (id) =>
      pagesOf(
        bulk.editionRowPages(
          db,
          'aps_occupation_counts',
          id,
          ['soc2020', 'area', 'sex', 'pattern', 'employment_type'],
          100,
        ),
      ),
    ),
  'bulk.countEditionRows': perEdition((db, id) => bulk.countEditionRows(db, 'ashe_pay', id), 'ashe-table14'),
  'changes.listChanges': (db) => changes.listChanges(db, 1_000),
  'changes.findChange': (db, c) => each(c.all, (id) => changes.findChange(db, id)),
  'coding-index.loadCodingIndex': (db, c) =>
    each(c.editionsOf('soc2020-index'), (id) => codingIndex.loadCodingIndex(db, id)),
  'demand.demandReleaseOf': perEdition(demand.demandReleaseOf, 'occupations-in-demand'),
  'editions.findEditionByContent': (db, c) =>
    each(c.values.contents, (k) => editions.findEditionByContent(db as never, k.sourceKey, k.sha256)),
  'editions.countInterruptions': (db, c) =>
    each(c.values.contents, (k) => editions.countInterruptions(db as never, k.sourceKey, k.sha256)),
  'editions.previousSummary': (db, c) =>
    each([...new Set(c.values.contents.map((k) => k.sourceKey))], (k) => editions.previousSummary(db as never, k)),
  'editions.listEditions': async (db) => [
    await editions.listEditions(db),
    await editions.listEditions(db, 'ashe-table14'),
  ],
  'editions.listCurrentEditions': (db) => editions.listCurrentEditions(db),
  'editions.findEdition': (db, c) => each(c.all, (id) => editions.findEdition(db, id)),
  'employment.apsTablesFor': (db, c) =>
    each(
      c.editionsOf('lmsp-england').flatMap((id) => c.values.socs.map((soc) => [id, soc] as const)),
      ([id, soc]) => employment.apsTablesFor(db, id, soc),
    ),
  'employment.publishedEmploymentByUnitGroup': perEdition(employment.publishedEmploymentByUnitGroup, 'lmsp-england'),
  'employment.apsOccupationPeriods': (db, c) =>
    employment.apsOccupationPeriods(db, [
      ...c.editionsOf('aps-occupation'),
      ...c.editionsOf('aps-occupation-industry'),
    ]),
  'employment.apsOccupationCountsFor': (db, c) => {
    const ids = [...c.editionsOf('aps-occupation'), ...c.editionsOf('aps-occupation-industry')];
    return each(
      [
        ...c.values.socs.map((soc) => [soc, c.values.areas[0]!] as const),
        ...c.values.areas.map((area) => ['2134', area] as const),
      ],
      // Rows of several editions come in no set order between them: each edition is asked on its own.
      ([soc, area]) => each(ids, (id) => employment.apsOccupationCountsFor(db, [id], soc, area)),
    );
  },
  'employment.censusAgeFor': (db, c) =>
    each(
      c.editionsOf('census-occupation-age').flatMap((id) => c.values.socs.map((soc) => [id, soc] as const)),
      ([id, soc]) => employment.censusAgeFor(db, id, soc, 'all'),
    ),
  'employment.apsCountPages': perEdition((db, id) => pagesOf(employment.apsCountPages(db, id)), 'aps-occupation'),
  'employment.apsLargestCounts': (db, c) =>
    each(c.editionsOf('aps-occupation'), (id) =>
      each(c.values.areas, (area) => employment.apsLargestCounts(db, id, area, 25)),
    ),
  'employment.apsOccupationTotals': (db, c) => {
    const ids = [...c.editionsOf('aps-occupation'), ...c.editionsOf('aps-occupation-industry')];
    return each(c.values.areas, (area) => employment.apsOccupationTotals(db, ids, area));
  },
  'how-to-become.profilesOf': perEdition(howToBecome.profilesOf, 'ncs-job-profiles', 'ncs-content-export-2020'),
  'how-to-become.pageOutcomesOf': perEdition(howToBecome.pageOutcomesOf, 'ncs-job-profiles'),
  'how-to-become.liveSlugsOf': perEdition(howToBecome.liveSlugsOf, 'ncs-job-profiles', 'ncs-content-export-2020'),
  'ingest-runs.latestRunsBySource': (db) => ingestRuns.latestRunsBySource(db),
  'ingest-runs.countFinishedRuns': (db) => ingestRuns.countFinishedRuns(db),
  'job-adverts.advertPeriodsOf': (db, c) =>
    each(
      [
        ...c.editionsOf('online-job-adverts').map((id) => [id, 'monthly'] as const),
        ...c.editionsOf('online-job-adverts-local').map((id) => [id, 'local'] as const),
      ],
      ([id, kind]) => jobAdverts.advertPeriodsOf(db, id, kind),
    ),
  'job-adverts.jobAdvertReleaseOf': (db, c) =>
    each(
      c.editionsOf('online-job-adverts').flatMap((id) => c.values.areas.map((area) => [id, area] as const)),
      async ([id, area]) =>
        jobAdverts.jobAdvertReleaseOf(db, id, area, await jobAdverts.advertPeriodsOf(db, id, 'monthly')),
    ),
  'job-adverts.localAdvertReleaseOf': (db, c) =>
    each(c.editionsOf('online-job-adverts-local'), async (id) => {
      const quarters = await jobAdverts.advertPeriodsOf(db, id, 'local');
      return [
        await jobAdverts.localAdvertReleaseOf(db, id, { areaCodes: c.values.areas }, quarters),
        await each(c.values.socs, (soc) => jobAdverts.localAdvertReleaseOf(db, id, { soc2020: soc }, quarters)),
      ];
    }),
  'keys.findLiveKeyByHash': (db) => keys.findLiveKeyByHash(db, 'no such hash'),
  'keys.listApiKeys': (db) => keys.listApiKeys(db),
  'local-areas.geographyAreasOf': perEdition(localAreas.geographyAreasOf, 'ons-geography'),
  'occupations.socGroupsOfEdition': perEdition(occupations.socGroupsOfEdition, 'soc2020-structure'),
  'pay.findAsheRelease': perEdition(pay.findAsheRelease, 'ashe-table14', 'ashe-table15'),
  'pay.findPayRows': (db, c) => {
    // Rows of several editions come in no set order between them: each edition is asked on its own.
    const ids = [...c.editionsOf('ashe-table14'), ...c.editionsOf('ashe-table15')];
    return each(c.values.payKeys, (key) => each(ids, (id) => pay.findPayRows(db, [id], key)));
  },
  'pay.payRowPages': perEdition((db, id) => pagesOf(pay.payRowPages(db, id)), 'ashe-table14', 'ashe-table15'),
  'pay.countPayRows': perEdition(pay.countPayRows, 'ashe-table14', 'ashe-table15'),
  'projections.projectionWorkbook': perEdition(projections.projectionWorkbook, 'working-futures-uk'),
  'projections.projectionGroup': (db, c) =>
    each(
      c.editionsOf('working-futures-uk').flatMap((id) => ['UK', ...c.values.socs].map((code) => [id, code] as const)),
      ([id, code]) => projections.projectionGroup(db, id, code),
    ),
  'skills.skillsSharedByOccupations': (db, c) => {
    const [relations] = c.editionsOf('esco-occupation-skills').slice(-1);
    const [skillsEdition] = c.editionsOf('esco-skills').slice(-1);
    if (!relations || !skillsEdition) return Promise.resolve('no ESCO editions');
    const editionPair = { relations, skills: skillsEdition };
    return each([null, true, false], (essential) =>
      each(chunks(c.values.escoOccupationIds.slice(0, 600), 60), (ids) =>
        skills.skillsSharedByOccupations(db, editionPair, ids, essential),
      ),
    );
  },
  'skills.escoOccupationsWithLabels': perEdition(skills.escoOccupationsWithLabels, 'esco-occupations'),
  'skills.escoSkillTitles': perEdition(skills.escoSkillTitles, 'esco-skills'),
  'skills.escoSkillsByOccupation': (db, c) =>
    each(c.editionsOf('esco-occupation-skills'), (id) => skills.escoSkillsByOccupation(db, id)),
  'soc-crosswalk.soc2010GroupsInto': (db, c) =>
    each(
      c.editionsOf('soc-crosswalk').flatMap((id) => c.values.socs.map((soc) => [id, soc] as const)),
      ([id, soc]) => socCrosswalk.soc2010GroupsInto(db, id, soc),
    ),
  'soc-crosswalk.soc2010GroupsIntoEach': perEdition(socCrosswalk.soc2010GroupsIntoEach, 'soc-crosswalk'),
  'soc-descriptions.findSocDescription': (db, c) =>
    each(
      c.editionsOf('soc2020-descriptions').flatMap((id) => [...c.values.socs, '0000'].map((soc) => [id, soc] as const)),
      ([id, soc]) => socDescriptions.findSocDescription(db, id, soc),
    ),
  'soc-descriptions.allSocDescriptions': perEdition(socDescriptions.allSocDescriptions, 'soc2020-descriptions'),
  'upstream-state.getFetchState': (db, c) =>
    each(c.values.fetchStates, (s) => upstreamState.getFetchState(db as never, s.sourceKey, s.url)),
  'upstream-state.newestFoundBySource': (db) => upstreamState.newestFoundBySource(db),
  'upstream-state.sourceChecks': (db) => upstreamState.sourceChecks(db),
  'upstream-state.dueSources': (db, c) =>
    upstreamState.dueSources(
      db,
      [...new Set(c.values.contents.map((k) => k.sourceKey))],
      new Date('2030-01-01T00:00:00Z'),
    ),
  'vacancies.essRowsFor': (db, c) =>
    each(
      c.editionsOf('ess-vacancies').flatMap((id) => c.values.soc2010s.map((soc) => [id, soc] as const)),
      ([id, soc]) => vacancies.essRowsFor(db, id, [soc]),
    ),
  'vacancies.essUnitRowsUnder': (db, c) =>
    each(
      c
        .editionsOf('ess-vacancies')
        .flatMap((id) =>
          [...new Set(c.values.soc2010s.flatMap((soc) => [soc.slice(0, 3), soc.slice(0, 2), soc.slice(0, 1)]))].map(
            (group) => [id, group] as const,
          ),
        ),
      ([id, group]) => vacancies.essUnitRowsUnder(db, id, group),
    ),
  'visas.visaReleaseOf': perEdition(visas.visaReleaseOf, 'home-office-work-visas'),
  'work-profile.usSocLinksOfIscoGroups': (db, c) =>
    each(c.editionsOf('isco-us-soc-crosswalk'), (id) =>
      workProfile.usSocLinksOfIscoGroups(db, id, c.values.iscoGroups),
    ),
  'work-profile.onetOccupationsOf': (db, c) =>
    each(c.editionsOf('onet-occupations'), (id) => workProfile.onetOccupationsOf(db, id, c.values.onetCodes)),
  'work-profile.scoresOf': (db, c) =>
    each([...c.editionsOf('onet-interests'), ...c.editionsOf('onet-abilities')], (id) =>
      workProfile.scoresOf(db, id, c.values.onetCodes),
    ),
  'work-profile.onetSoc2010Of': (db, c) =>
    each(c.editionsOf('onet-soc-2010-crosswalk'), (id) => workProfile.onetSoc2010Of(db, id, c.values.usSocCodes)),
  'work-profile.onetSoc2019SuccessorsOf': (db, c) =>
    each(c.editionsOf('onet-soc-2019-crosswalk'), (id) =>
      workProfile.onetSoc2019SuccessorsOf(db, id, c.values.onet2010Codes),
    ),
  'work-profile.onetSoc2018SiblingsOf': (db, c) =>
    each(c.editionsOf('onet-soc-2018-crosswalk'), (id) =>
      workProfile.onetSoc2018SiblingsOf(db, id, c.values.onet2019Codes),
    ),
  'work-profile.allOnetOccupations': perEdition(workProfile.allOnetOccupations, 'onet-occupations'),
  // The templates hold no webhooks: these answer empty here; test/webhooks/deliverer.test.ts and
  // test/routes/v1/webhooks/index.test.ts run them with webhooks and deliveries on both dialects.
  'webhooks.listWebhooks': (db) => webhooks.listWebhooks(db, 'no-such-key'),
  'webhooks.findWebhook': (db) => webhooks.findWebhook(db, 'no-such-key', 'wh_none'),
  'webhooks.listWebhookDeliveries': (db) => webhooks.listWebhookDeliveries(db, 'no-such-key', 'wh_none', 10),
  'webhooks.rotateWebhookSecret': (db) =>
    webhooks.rotateWebhookSecret(db, 'no-such-key', 'wh_none', {
      secret: 'sealed.v1.none',
      previousUntil: '9999-12-31T00:00:00.000Z',
    }),
  'webhooks.anyWebhooks': (db) => webhooks.anyWebhooks(db),
  'upstream-state.soonestCheck': (db) =>
    upstreamState.soonestCheck(db, ['ashe-table14', 'soc2020-index', 'esco-skills']),
  'webhooks.enableWebhook': (db) => webhooks.enableWebhook(db, 'no-such-key', 'wh_none'),
  'webhooks.claimDueDeliveries': (db) =>
    webhooks.claimDueDeliveries(db, '9999-12-31T00:00:00.000Z', '9999-12-31T00:00:00.000Z', 10),
};

/** Exports of src/store that write, open, lock or migrate: not reads, so not compared here (the table parity covers what the writes stored). */
const NOT_READS =
  /^(insert|record|update|delete|enqueue|disable|heartbeat|mark|relabel|quarantine|publish|register|save|start|finish|consume|revoke|with|migrate|open|now|dbDialect|forget)/;
/** Modules of src/store with no reads of stored rows. */
const NO_READS = new Set([
  'batch',
  'clock',
  'database',
  'faults',
  'ingest-lock',
  'key-requests',
  'migrate',
  'schema',
  'sources',
  // A query plugin that notes which tables a stage wrote; it reads no rows.
  'staged-rows',
]);

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/** The same edition in both stores is the same source, label and bytes; its id and times differ. */
function editionName(edition: Pick<Edition, 'sourceKey' | 'label' | 'sha256'>): string {
  return `edition ${edition.sourceKey} ${edition.label} ${edition.sha256}`;
}

/** A plain value to compare: Maps and Sets as sorted entries, edition ids by name, times, UUIDs and row ids left out. */
function comparable(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (value instanceof Map)
    return [...value.entries()]
      .map(([k, v]) => [comparable(k, names), comparable(v, names)])
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  if (value instanceof Set) return comparable([...value].sort(), names);
  if (value instanceof Date) return 'a time';
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(value)) return 'a time';
  if (Array.isArray(value)) return value.map((v) => comparable(v, names));
  if (typeof value === 'string') return names.get(value) ?? value;
  if (typeof value === 'bigint') return Number(value);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !/(At|_at|^at|^id|Id|^owner|^checkedAt|^expires)$/.test(k) || k === 'soc2010Id')
        .map(([k, v]) => [k, comparable(v, names)]),
    );
  return value;
}

describe('SQLite and PostgreSQL hold and read the same', () => {
  let stores: Record<'sqlite' | 'postgres', TestStore>;
  let contexts: Record<'sqlite' | 'postgres', Context & { names: Map<string, string> }>;

  before(async () => {
    stores = { sqlite: await copyTemplate('sqlite'), postgres: await copyTemplate('postgres') };
    const values = await valuesOf(stores.sqlite.db);
    const contextOf = async (store: TestStore) => {
      const all = await editions.listEditions(store.db);
      const names = new Map(all.map((e) => [e.id, editionName(e)]));
      const ordered = [...all].sort((a, b) => editionName(a).localeCompare(editionName(b)));
      return {
        names,
        all: ordered.map((e) => e.id),
        editionsOf: (sourceKey: string) => ordered.filter((e) => e.sourceKey === sourceKey).map((e) => e.id),
        values,
      };
    };
    contexts = { sqlite: await contextOf(stores.sqlite), postgres: await contextOf(stores.postgres) };
  });
  after(async () => {
    await stores?.sqlite.dispose();
    await stores?.postgres.dispose();
  });

  it('has the same editions, each with the same source, label, bytes, status and rows stored', () => {
    assert.ok(contexts.sqlite.all.length > 20, `only ${contexts.sqlite.all.length} editions in the template`);
    assert.deepEqual(
      contexts.postgres.all.map((id) => contexts.postgres.names.get(id)),
      contexts.sqlite.all.map((id) => contexts.sqlite.names.get(id)),
    );
  });

  it('has the same rows in every table, edition ids read as their edition', async () => {
    const tables = (await stores.sqlite.db.introspection.getTables()).filter((t) => !t.name.startsWith('kysely_'));
    const postgresTables = (await stores.postgres.db.introspection.getTables()).filter(
      (t) => !t.name.startsWith('kysely_'),
    );
    assert.deepEqual(postgresTables.map((t) => t.name).sort(), tables.map((t) => t.name).sort());
    for (const table of tables) {
      const fingerprint = async (dialect: 'sqlite' | 'postgres') => {
        const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(
          stores[dialect].db,
        );
        return rows.map((row) => rowLine(row, contexts[dialect].names)).sort();
      };
      const [sqliteRows, postgresRows] = [await fingerprint('sqlite'), await fingerprint('postgres')];
      assert.equal(postgresRows.length, sqliteRows.length, `${table.name}: row counts differ`);
      const differ = sqliteRows.findIndex((row, i) => row !== postgresRows[i]);
      assert.equal(
        differ,
        -1,
        `${table.name}: sqlite ${sqliteRows[differ]?.slice(0, 300)} / postgres ${postgresRows[differ]?.slice(0, 300)}`,
      );
    }
  });

  for (const [name, read] of Object.entries(READS)) {
    it(`reads the same: ${name}`, async () => {
      const answer = async (dialect: 'sqlite' | 'postgres') =>
        comparable(await read(stores[dialect].db, contexts[dialect]), contexts[dialect].names);
      assert.deepEqual(await answer('postgres'), await answer('sqlite'));
    });
  }

  it('lists every read of src/store', async () => {
    const unlisted: string[] = [];
    for (const file of readdirSync(path.join(REPO_ROOT, 'src', 'store')).filter((f) => f.endsWith('.ts'))) {
      const module = path.basename(file, '.ts');
      if (NO_READS.has(module)) continue;
      const exports = (await import(`../../src/store/${module}.js`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports))
        if (typeof value === 'function' && !NOT_READS.test(name) && !(`${module}.${name}` in READS))
          unlisted.push(`${module}.${name}`);
    }
    assert.deepEqual(unlisted, [], 'store reads the parity suite does not compare: add them to READS');
  });
});

/** Columns that differ between two ingests of the same releases: generated ids, times, owners. */
const UNCOMPARED_COLUMN = /(_at|^id|^owner|^expires|^lease.*)$/;

/**
 * A row as one line, the same from both drivers: edition ids as their edition, numbers as numbers
 * (PostgreSQL's bigint and numeric come as strings), booleans as 0/1, generated ids and times left out.
 */
function rowLine(row: Record<string, unknown>, names: ReadonlyMap<string, string>): string {
  return Object.keys(row)
    .sort()
    .filter((k) => !UNCOMPARED_COLUMN.test(k))
    .map((k) => {
      const v = row[k];
      if (typeof v === 'string') {
        const name = names.get(v);
        if (name) return name;
        return /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(v) && !/^0\d/.test(v) ? String(Number(v)) : JSON.stringify(v);
      }
      if (typeof v === 'boolean') return v ? '1' : '0';
      if (v instanceof Date) return 'a time';
      return typeof v === 'number' || typeof v === 'bigint' ? String(Number(v)) : JSON.stringify(v);
    })
    .join('\t');
}

async function valuesOf(db: DbOrTx): Promise<Values> {
  const column = async (query: ReturnType<typeof sql<{ v: string }>>) =>
    (await query.execute(db)).rows.map((r) => String(r.v));
  const payKeys =
    await sql<pay.PayKey>`select distinct soc, measure, sex, pattern from ashe_pay where soc = '2134' or (measure = 'annual_pay_gross' and sex = 'all' and pattern = 'all') order by soc, measure, sex, pattern`.execute(
      db,
    );
  return {
    socs: await column(sql`select distinct code as v from soc_groups where length(code) = 4 order by v`),
    soc2010s: await column(sql`select distinct row_key as v from ess_vacancies order by v`),
    areas: await column(sql`select distinct code as v from geography_areas order by v`),
    payKeys: payKeys.rows,
    escoOccupationIds: await column(sql`select distinct concept_id as v from esco_occupations order by v`),
    iscoGroups: await column(sql`select distinct isco08 as v from isco_us_soc_links order by v`),
    usSocCodes: await column(sql`select distinct us_soc_2010 as v from isco_us_soc_links order by v`),
    onetCodes: await column(sql`select distinct code as v from onet_occupations order by v`),
    onet2010Codes: await column(sql`select distinct onet_soc_2010 as v from onet_soc_2019_links order by v`),
    onet2019Codes: await column(sql`select distinct onet_soc_2019 as v from onet_soc_2018_links order by v`),
    fetchStates: (
      await sql<{
        sourceKey: string;
        url: string;
      }>`select source_key as "sourceKey", url from upstream_fetches`.execute(db)
    ).rows,
    contents: (
      await sql<{
        sourceKey: string;
        sha256: string;
      }>`select source_key as "sourceKey", sha256 from editions order by source_key, sha256`.execute(db)
    ).rows,
  };
}
