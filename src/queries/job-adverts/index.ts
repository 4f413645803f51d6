import { payArea, UNITED_KINGDOM, type LocalArea } from '../../domain/areas.js';
import { WIDER_ADVERT_AREAS } from '../../domain/job-adverts.js';
import { Problem } from '../../domain/problems.js';
import type {
  AreaAdvertsResponse,
  JobAdvertListResponse,
  JobAdvertQuery,
  JobAdvertResponse,
  LocalAdvertAreasResponse,
  LocalAdvertResponse,
} from '../../schemas/job-adverts.js';
import { advertPeriodsOf, jobAdvertReleaseOf, localAdvertReleaseOf } from '../../store/job-adverts.js';
import type { Db } from '../../store/schema.js';
import type { LocalAreas } from '../local-areas/index.js';
import type { CurrentEditions } from '../current-editions.js';
import type { EditionsMemo } from '../editions-memo.js';
import {
  areaAdvertsResponse,
  jobAdvertListResponse,
  jobAdvertResponse,
  LocalAdvertIndex,
  localAdvertAreasResponse,
  localAdvertResponse,
} from './responses.js';
import type { Occupations } from '../occupations/index.js';

const MONTHLY = 'online-job-adverts' as const;
const LOCAL = 'online-job-adverts-local' as const;
const WHAT = 'New online job adverts';
const WHAT_LOCAL = 'New online job adverts by local area';

/** New online job adverts (ONS): the current releases' rows, built into responses by `job-advert-responses.ts`. */
export class JobAdverts {
  /** Each release's periods, read once: the distinct periods of a release of over a million rows. */
  private readonly periods: Record<'monthly' | 'local', EditionsMemo<string[]>>;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly occupations: Occupations,
    private readonly areas: LocalAreas,
  ) {
    const periodsOf = (source: typeof MONTHLY | typeof LOCAL, kind: 'monthly' | 'local', what: string) =>
      current.memos.memo({
        name: `${kind} job advert periods`,
        sources: [source],
        build: async (editions) => {
          const edition = editions[source];
          if (!edition) throw current.unavailable(source, what);
          return advertPeriodsOf(this.db, edition.id, kind);
        },
      });
    this.periods = { monthly: periodsOf(MONTHLY, 'monthly', WHAT), local: periodsOf(LOCAL, 'local', WHAT_LOCAL) };
  }

  async occupation(soc: string, slug: JobAdvertQuery['area']): Promise<JobAdvertResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const area = payArea(slug);
    const { edition, provenance } = await this.current.serving(MONTHLY, WHAT);
    return jobAdvertResponse(
      await jobAdvertReleaseOf(this.db, edition.id, area.code, await this.periods.monthly.get()),
      area,
      soc,
      unit.title,
      provenance,
    );
  }

  async list(slug: JobAdvertQuery['area'], limit: number): Promise<JobAdvertListResponse> {
    const area = payArea(slug);
    const { edition, provenance } = await this.current.serving(MONTHLY, WHAT);
    return jobAdvertListResponse(
      await jobAdvertReleaseOf(this.db, edition.id, area.code, await this.periods.monthly.get()),
      area,
      await this.occupations.unitTitles(),
      limit,
      provenance,
    );
  }

  async localAreas(soc: string): Promise<LocalAdvertAreasResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const { edition, provenance } = await this.current.serving(LOCAL, WHAT_LOCAL);
    const index = new LocalAdvertIndex(
      await localAdvertReleaseOf(this.db, edition.id, { soc2020: soc }, await this.periods.local.get()),
    );
    return localAdvertAreasResponse(index, await this.areas.localAreas(), soc, unit.title, provenance);
  }

  async local(soc: string, value: string): Promise<LocalAdvertResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const area = await this.advertArea(value);
    const { index, provenance } = await this.localWithUk(area.code);
    return localAdvertResponse(index, area, soc, unit.title, provenance);
  }

  async inArea(value: string, limit: number): Promise<AreaAdvertsResponse> {
    const area = await this.advertArea(value);
    const { index, provenance } = await this.localWithUk(area.code);
    return areaAdvertsResponse(index, area, await this.occupations.unitTitles(), limit, provenance);
  }

  /** The local release's figures for an area and the UK (concentration compares the two). */
  private async localWithUk(areaCode: string) {
    const { edition, provenance } = await this.current.serving(LOCAL, WHAT_LOCAL);
    const index = new LocalAdvertIndex(
      await localAdvertReleaseOf(
        this.db,
        edition.id,
        { areaCodes: [areaCode, UNITED_KINGDOM.code] },
        await this.periods.local.get(),
      ),
    );
    return { index, provenance };
  }

  /** A local area by GSS code or slug, or the UK or a region (the interface takes those too); a 404 naming it otherwise. */
  async advertArea(value: string): Promise<LocalArea> {
    const matches = (a: LocalArea) => a.slug === value.toLowerCase() || a.code === value.toUpperCase();
    const area = (await this.areas.localAreas()).find(matches) ?? WIDER_ADVERT_AREAS.find(matches);
    if (!area) {
      throw new Problem(
        'area-not-found',
        `There is no local area "${value}". GET /v1/local-areas lists the local areas with their GSS codes and slugs; \`uk\` and the region slugs (${WIDER_ADVERT_AREAS.slice(
          1,
        )
          .map((a) => a.slug)
          .join(', ')}) are also taken.`,
      );
    }
    return area;
  }
}
