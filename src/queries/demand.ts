import type { DemandLevel } from '../domain/demand.js';
import type { DemandListResponse, DemandResponse } from '../schemas/demand.js';
import type { CurrentEditions } from './current-editions.js';
import type { Occupations } from './occupations.js';
import { unreadRelease } from './unread-release.js';

const DEMAND = 'occupations-in-demand';
const WHAT = 'Occupations-in-demand assessments';

/** Occupations in demand (Skills England): built by `demand-responses.ts` from the release's rows. */
export class Demand {
  constructor(
    private readonly current: CurrentEditions,
    private readonly occupations: Occupations,
  ) {}

  async occupation(soc: string): Promise<DemandResponse> {
    await this.occupations.unitGroup(soc);
    return unreadRelease(await this.current.serving(DEMAND, WHAT));
  }

  async list(_level: DemandLevel | undefined): Promise<DemandListResponse> {
    return unreadRelease(await this.current.serving(DEMAND, WHAT));
  }
}
