import { socStructureSource } from '../ingest/sources/soc2020-structure/descriptor.js';
import { Problem } from '../http/problem.js';
import type { OccupationSummary } from '../schemas/occupations.js';
import { socGroupsOfEdition, type SocGroup } from '../store/soc-groups.js';
import type { Db } from '../store/schema.js';
import type { CurrentEditions } from './current-editions.js';

/** The SOC 2020 hierarchy of the current structure edition, indexed for lookups. */
export interface SocHierarchy {
  editionId: string;
  groups: Map<string, SocGroup>;
  unitGroups: SocGroup[];
}

export class Occupations {
  private hierarchy: SocHierarchy | null = null;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
  ) {}

  async structure(): Promise<SocHierarchy> {
    const edition = await this.current.latest(socStructureSource.key);
    if (!edition) {
      throw new Problem('not-ready', 'The SOC 2020 classification has not been ingested yet; try again shortly.', { retryAfter: 30 });
    }
    if (this.hierarchy?.editionId !== edition.id) {
      const groups = await socGroupsOfEdition(this.db, edition.id);
      this.hierarchy = {
        editionId: edition.id,
        groups: new Map(groups.map((g) => [g.code, g])),
        unitGroups: groups.filter((g) => g.level === 'unit'),
      };
    }
    return this.hierarchy;
  }

  async list(): Promise<OccupationSummary[]> {
    const { groups, unitGroups } = await this.structure();
    return unitGroups.map((unit) => {
      const subMajor = groups.get(unit.code.slice(0, 2)) ?? null;
      const major = groups.get(unit.code.slice(0, 1)) ?? null;
      return {
        soc2020: unit.code,
        title: unit.title,
        majorGroup: major?.code ?? null,
        majorTitle: major?.title ?? null,
        subMajorGroup: subMajor?.code ?? null,
        subMajorTitle: subMajor?.title ?? null,
        // The coding index is its own source; until it is ingested no titles are counted.
        titleCount: 0,
      };
    });
  }
}
