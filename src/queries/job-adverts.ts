import type { LocalArea } from '../domain/areas.js';
import { WIDER_ADVERT_AREAS } from '../domain/job-adverts.js';
import { Problem } from '../domain/problems.js';
import type { AreaAdvertsResponse, JobAdvertListResponse, JobAdvertQuery, JobAdvertResponse, LocalAdvertAreasResponse, LocalAdvertResponse } from '../schemas/job-adverts.js';
import type { Areas } from './areas.js';
import type { CurrentEditions } from './current-editions.js';
import type { Occupations } from './occupations.js';
import { unreadRelease } from './unread-release.js';

const MONTHLY = 'online-job-adverts';
const LOCAL = 'online-job-adverts-local';
const WHAT = 'New online job adverts';
const WHAT_LOCAL = 'New online job adverts by local area';

/** New online job adverts (ONS): built by `job-advert-responses.ts` from the releases' rows. */
export class JobAdverts {
  constructor(
    private readonly current: CurrentEditions,
    private readonly occupations: Occupations,
    private readonly areas: Areas,
  ) {}

  async occupation(soc: string, _area: JobAdvertQuery['area']): Promise<JobAdvertResponse> {
    await this.occupations.unitGroup(soc);
    return unreadRelease(await this.current.serving(MONTHLY, WHAT));
  }

  async list(_area: JobAdvertQuery['area'], _limit: number): Promise<JobAdvertListResponse> {
    return unreadRelease(await this.current.serving(MONTHLY, WHAT));
  }

  async localAreas(soc: string): Promise<LocalAdvertAreasResponse> {
    await this.occupations.unitGroup(soc);
    return unreadRelease(await this.current.serving(LOCAL, WHAT_LOCAL));
  }

  async local(soc: string, area: string): Promise<LocalAdvertResponse> {
    await this.occupations.unitGroup(soc);
    await this.advertArea(area);
    return unreadRelease(await this.current.serving(LOCAL, WHAT_LOCAL));
  }

  async inArea(area: string, _limit: number): Promise<AreaAdvertsResponse> {
    await this.advertArea(area);
    return unreadRelease(await this.current.serving(LOCAL, WHAT_LOCAL));
  }

  /** A local area by GSS code or slug, or the UK or a region (the interface takes those too); a 404 naming it otherwise. */
  async advertArea(value: string): Promise<LocalArea> {
    const matches = (a: LocalArea) => a.slug === value || a.code === value.toUpperCase();
    const area = (await this.areas.localAreas()).find(matches) ?? WIDER_ADVERT_AREAS.find(matches);
    if (!area) {
      throw new Problem(
        'area-not-found',
        `There is no local area "${value}". GET /v1/local-areas lists the local areas with their GSS codes and slugs; \`uk\` and the region slugs (${WIDER_ADVERT_AREAS.slice(1).map((a) => a.slug).join(', ')}) are also taken.`,
      );
    }
    return area;
  }
}
