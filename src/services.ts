import path from 'node:path';
import { bulkBuilder } from './bulk-builder.js';
import { upstreamKind, type Config } from './config.js';
import { SourceCatalog, type SourceProfile } from './domain/sources.js';
import { ResponseCache } from './http/caching.js';
import { DownloadSlots } from './http/download-slots.js';
import { SOURCE_PROFILES } from './ingest/source-profiles.js';
import { KeyIssuance } from './keys/key-issuance.js';
import { localKeyRevocations, redisKeyRevocations } from './keys/key-revocations.js';
import { LiveKeys } from './keys/live-keys.js';
import { createMailer, type Mailer } from './keys/mailer.js';
import { resolveSecret } from './keys/secret.js';
import { Apprenticeships } from './queries/apprenticeships/index.js';
import { Bulk } from './queries/bulk/index.js';
import { bulkExporters, WITHOUT_FILES } from './queries/bulk/exporters.js';
import { BulkFileCache } from './queries/bulk/file-cache.js';
import { Changes } from './queries/changes/index.js';
import { LocalAreas } from './queries/local-areas/index.js';
import { CodingIndexCache, type SearchBuilder } from './queries/occupations/coding-index.js';
import type { BuildRunner } from './queries/off-thread.js';
import { CurrentEditions } from './queries/current-editions.js';
import { Demand } from './queries/demand/index.js';
import { Employment } from './queries/employment/index.js';
import { HowToBecome } from './queries/how-to-become/index.js';
import { JobProfiles } from './queries/how-to-become/job-profiles.js';
import { UnitGroupTexts } from './queries/occupations/unit-group-text.js';
import { JobAdverts } from './queries/job-adverts/index.js';
import { Meta } from './queries/meta/index.js';
import { Moves } from './queries/moves/index.js';
import { Occupations } from './queries/occupations/index.js';
import { Pay } from './queries/pay/index.js';
import { Projections } from './queries/projections/index.js';
import { Readiness } from './queries/health/readiness.js';
import { SkillProfiles } from './queries/skills/skill-profiles.js';
import { Skills } from './queries/skills/index.js';
import { SocCrosswalkQuery } from './queries/occupations/soc-crosswalk.js';
import { Vacancies } from './queries/vacancies/index.js';
import { Visas } from './queries/visas/index.js';
import { Webhooks } from './queries/webhooks/index.js';
import { WorkProfile } from './queries/work-profile/index.js';
import type { RateLimitStore } from './ratelimit/limiter.js';
import { memoryRateLimitStore } from './ratelimit/memory-store.js';
import { redisRateLimitStore } from './ratelimit/redis-store.js';
import type { Store } from './store/database.js';

interface ServiceLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface ServiceOptions {
  sources?: SourceProfile[];
  rateLimits?: RateLimitStore;
  /** How the job-title search is built (queries/coding-index.ts); tests share builds of the same input. */
  buildSearch?: SearchBuilder;
  /** How the other slow builds run (queries/off-thread.ts); tests share those of the same input too. */
  runBuild?: BuildRunner;
  mailer?: Mailer;
  logger?: ServiceLogger;
  /** How long the current editions are kept before the store is asked again: the bound on seeing another process's change (5 s). */
  editionsMaxAgeMs?: number;
}

const quietLogger: ServiceLogger = { info: () => undefined, error: () => undefined };

/**
 * The composition root: what the HTTP layer reads from, built once per process (or per test) and
 * handed to the app. A new endpoint group's query object is one line here.
 */
export function createServices(config: Config, store: Store, options: ServiceOptions = {}) {
  const sources = new SourceCatalog(options.sources ?? SOURCE_PROFILES);
  const currentEditions = new CurrentEditions(store.db, sources, options.editionsMaxAgeMs);
  const codingIndex = new CodingIndexCache(store.db, currentEditions, options.buildSearch);
  const mailer = options.mailer ?? createMailer(config);
  const logger = options.logger ?? quietLogger;
  const occupations = new Occupations(store.db, currentEditions, codingIndex);
  const socCrosswalk = new SocCrosswalkQuery(store.db, currentEditions);
  const localAreas = new LocalAreas(store.db, currentEditions);
  const unitGroupTexts = new UnitGroupTexts(store.db, currentEditions, codingIndex);
  const jobProfiles = new JobProfiles(store.db, currentEditions, unitGroupTexts, options.runBuild);
  const liveKeys = new LiveKeys(store.db);
  const forgetKeys = () => liveKeys.clear();
  const keyRevocations = config.redisUrl
    ? redisKeyRevocations(config.redisUrl, forgetKeys)
    : localKeyRevocations(forgetKeys);
  /** The one skills model: every unit group's weighted ESCO skill profile, which skills, moves and compare read. */
  const skillProfiles = new SkillProfiles(
    store.db,
    currentEditions,
    unitGroupTexts,
    async () => (await occupations.structure()).unitGroups.map(({ code, title }) => ({ code, title })),
    options.runBuild,
  );
  const services = {
    config,
    store,
    sources,
    currentEditions,
    codingIndex,
    occupations,
    /** What each unit group is about, from Volume 1 and the coding index (moves read its entry routes). */
    unitGroupTexts,
    employment: new Employment(store.db, currentEditions, occupations),
    pay: new Pay(store.db, currentEditions, occupations),
    skillProfiles,
    skills: new Skills(occupations, skillProfiles),
    workProfile: new WorkProfile(store.db, currentEditions, codingIndex, occupations, unitGroupTexts, options.runBuild),
    localAreas,
    socCrosswalk,
    vacancies: new Vacancies(store.db, currentEditions, occupations, socCrosswalk),
    projections: new Projections(store.db, currentEditions, occupations, socCrosswalk),
    visas: new Visas(store.db, currentEditions, occupations),
    demand: new Demand(store.db, currentEditions, occupations),
    jobAdverts: new JobAdverts(store.db, currentEditions, occupations, localAreas),
    /** NCS profiles placed on unit groups (how to become and apprenticeships read them). */
    jobProfiles,
    howToBecome: new HowToBecome(jobProfiles, occupations),
    apprenticeships: new Apprenticeships(store.db, currentEditions, codingIndex, occupations, jobProfiles),
    meta: new Meta(store.db, currentEditions, upstreamKind(config)),
    /** API keys by hash, in memory for a few seconds (LIVE_KEY_TTL_MS). */
    liveKeys,
    /** Revocations announced to every replica (through Redis when REDIS_URL is set), so each forgets its keys at once. */
    keyRevocations,
    keyIssuance: new KeyIssuance(store.db, config, resolveSecret(config), mailer, logger, keyRevocations),
    /** Serialised response bodies, emptied when the current editions change. */
    responseCache: new ResponseCache(),
    /** Shared by every replica when REDIS_URL is set; in-process otherwise. */
    rateLimits:
      options.rateLimits ??
      (config.redisUrl
        ? redisRateLimitStore(config.redisUrl, undefined, redisStandInLog(logger))
        : memoryRateLimitStore()),
    readiness: new Readiness(store, occupations, currentEditions.memos),
    /** Key holders' webhooks; their deliveries are src/webhooks/deliverer.ts. */
    webhooks: new Webhooks(store.db, config.webhooks.privateAddresses, resolveSecret(config)),
  };
  const bulk = new Bulk(
    store.db,
    currentEditions,
    bulkExporters({ db: store.db, ...services }),
    config.publicUrl,
    WITHOUT_FILES,
    () => services.responseCache.clear(),
  );
  const bulkRoot = path.join(config.dataDir, 'bulk');
  const builder = bulkBuilder(config, store.options, bulkRoot);
  return {
    ...services,
    /** The bulk files on this replica's disk, each built once, in a worker thread. */
    bulkFiles: new BulkFileCache(bulkRoot, builder.build, builder.close),
    // One count of the downloads this replica sends, the API's and the explorer's alike.
    downloadSlots: new DownloadSlots(config.bulkDownloads),
    moves: new Moves(occupations, skillProfiles, services),
    bulk,
    changes: new Changes(store.db, config.publicUrl, (source, edition) => bulk.serves(source, edition)),
  };
}

export type Services = ReturnType<typeof createServices>;

/** One line when Redis goes away and one when it is back: never one per request. */
function redisStandInLog(logger: ServiceLogger) {
  return (active: boolean, reason: string) =>
    active
      ? logger.error({ reason }, 'Redis is away: rate limits are counted in this process until it is back')
      : logger.info({}, 'Redis is back: rate limits are shared again');
}
