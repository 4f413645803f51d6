import type { VisaListResponse, VisaResponse } from '../../schemas/visas.js';
import type { Db } from '../../store/schema.js';
import { visaReleaseOf } from '../../store/visas.js';
import type { CurrentEditions } from '../current-editions.js';
import type { Occupations } from '../occupations/index.js';
import { visaListResponse, visaResponse } from './responses.js';

const VISAS = 'home-office-work-visas';
const WHAT = 'Sponsored work visa figures';

/** Sponsored work visas by occupation (Home Office): the current release's rows, built into responses by `visa-responses.ts`. */
export class Visas {
  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly occupations: Occupations,
  ) {}

  async occupation(soc: string): Promise<VisaResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const { edition, provenance } = await this.current.serving(VISAS, WHAT);
    return visaResponse(await visaReleaseOf(this.db, edition.id), soc, unit.title, provenance);
  }

  async list(limit: number): Promise<VisaListResponse> {
    const { edition, provenance } = await this.current.serving(VISAS, WHAT);
    return visaListResponse(
      await visaReleaseOf(this.db, edition.id),
      await this.occupations.unitTitles(),
      limit,
      provenance,
    );
  }
}
