import type { DemandLevel } from '../../domain/demand.js';
import type { DemandListResponse, DemandResponse } from '../../schemas/demand.js';
import { demandReleaseOf } from '../../store/demand.js';
import type { Db } from '../../store/schema.js';
import type { CurrentEditions } from '../current-editions.js';
import { demandListResponse, demandResponse } from './responses.js';
import type { Occupations } from '../occupations/index.js';

const DEMAND = 'occupations-in-demand';
const WHAT = 'Occupations-in-demand assessments';

/** Occupations in demand (Skills England): the current release's rows, built into responses by `demand-responses.ts`. */
export class Demand {
  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly occupations: Occupations,
  ) {}

  async occupation(soc: string): Promise<DemandResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const { edition, provenance } = await this.current.serving(DEMAND, WHAT);
    return demandResponse(await demandReleaseOf(this.db, edition.id), soc, unit.title, provenance);
  }

  async list(level: DemandLevel | undefined): Promise<DemandListResponse> {
    const { edition, provenance } = await this.current.serving(DEMAND, WHAT);
    return demandListResponse(
      await demandReleaseOf(this.db, edition.id),
      await this.occupations.unitTitles(),
      level,
      provenance,
    );
  }
}
