import type { VisaListResponse, VisaResponse } from '../schemas/visas.js';
import type { CurrentEditions } from './current-editions.js';
import type { Occupations } from './occupations.js';
import { unreadRelease } from './unread-release.js';

const VISAS = 'home-office-work-visas';
const WHAT = 'Sponsored work visa figures';

/** Sponsored work visas by occupation (Home Office): built by `visa-responses.ts` from the release's rows. */
export class Visas {
  constructor(
    private readonly current: CurrentEditions,
    private readonly occupations: Occupations,
  ) {}

  async occupation(soc: string): Promise<VisaResponse> {
    await this.occupations.unitGroup(soc);
    return unreadRelease(await this.current.serving(VISAS, WHAT));
  }

  async list(_limit: number): Promise<VisaListResponse> {
    return unreadRelease(await this.current.serving(VISAS, WHAT));
  }
}
