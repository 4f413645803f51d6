import type { Edition } from '../../domain/editions.js';
import { Problem } from '../../domain/problems.js';
import type { SocGroup } from '../../domain/soc.js';
import type {
  OccupationMatch,
  OccupationProfile,
  OccupationSummary,
  OccupationTitle,
} from '../../schemas/occupations.js';
import type { Db } from '../../store/schema.js';
import { findSocDescription } from '../../store/soc-descriptions.js';
import { socGroupsOfEdition } from '../../store/occupations.js';
import { CODING_INDEX, type CodingIndexCache } from './coding-index.js';
import type { CurrentEditions } from '../current-editions.js';
import type { EditionsMemo } from '../editions-memo.js';
import { notIngestedYet } from '../not-ingested.js';
import { iscoSharesOf } from './isco-groups.js';
import { round } from '../../domain/numbers.js';

/** The SOC 2020 hierarchy of the current structure edition, indexed for lookups. */
interface SocHierarchy {
  editionId: string;
  groups: Map<string, SocGroup>;
  unitGroups: SocGroup[];
}

const SOC_STRUCTURE = 'soc2020-structure' as const;

/** A unit group with its major and sub-major groups, as /v1/occupations lists it. */
function placed(unit: SocGroup, groups: Map<string, SocGroup>): Omit<OccupationSummary, 'titleCount'> {
  const subMajor = groups.get(unit.code.slice(0, 2)) ?? null;
  const major = groups.get(unit.code.slice(0, 1)) ?? null;
  return {
    soc2020: unit.code,
    title: unit.title,
    majorGroup: major?.code ?? null,
    majorTitle: major?.title ?? null,
    subMajorGroup: subMajor?.code ?? null,
    subMajorTitle: subMajor?.title ?? null,
  };
}
const SOC_DESCRIPTIONS = 'soc2020-descriptions';

/** How many sample titles a profile lists. */
const EXAMPLE_TITLES = 10;

export class Occupations {
  private readonly hierarchy: EditionsMemo<SocHierarchy>;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly codingIndex: CodingIndexCache,
  ) {
    this.hierarchy = current.memos.memo({
      name: 'SOC 2020 hierarchy',
      sources: [SOC_STRUCTURE],
      build: async (editions) => {
        const edition = editions[SOC_STRUCTURE];
        if (!edition) {
          throw await notIngestedYet(this.db, 'The SOC 2020 classification');
        }
        const groups = await socGroupsOfEdition(this.db, edition.id);
        return {
          editionId: edition.id,
          groups: new Map(groups.map((g) => [g.code, g])),
          unitGroups: groups.filter((g) => g.level === 'unit'),
        };
      },
    });
  }

  structure(): Promise<SocHierarchy> {
    return this.hierarchy.get();
  }

  /** The unit group with this code, or a 404 that says how to find valid codes. */
  async unitGroup(soc: string): Promise<SocGroup> {
    const { groups } = await this.structure();
    const group = groups.get(soc);
    if (!group || group.level !== 'unit') {
      throw new Problem(
        'occupation-not-found',
        `There is no SOC 2020 unit group "${soc}". Codes are four digits; GET /v1/occupations lists all 412, and /v1/occupations/search finds one from a job title.`,
      );
    }
    return group;
  }

  /** The title of each unit group of the classification (a code it does not have is shown as itself). */
  async unitTitles(): Promise<(soc: string) => string> {
    const { groups } = await this.structure();
    return (soc) => groups.get(soc)?.title ?? soc;
  }

  async list(): Promise<OccupationSummary[]> {
    const [{ groups, unitGroups }, index] = await Promise.all([this.structure(), this.codingIndex.get()]);
    return unitGroups.map((unit) => ({
      ...placed(unit, groups),
      titleCount: distinctTitles(index?.byUnitGroup.get(unit.code) ?? []).length,
    }));
  }

  /** How many unit groups a classification edition has: its bulk file's rows. */
  async unitGroupCount(edition: Edition): Promise<number> {
    return (await socGroupsOfEdition(this.db, edition.id)).filter((g) => g.level === 'unit').length;
  }

  /** Every unit group of a classification edition as /v1/occupations lists it (less `titleCount`, from the coding index), for its bulk file. */
  async *bulkRecords(edition: Edition): AsyncGenerator<Omit<OccupationSummary, 'titleCount'>[]> {
    // The classification is a few hundred rows: read whole, like `structure`.
    const groups = new Map((await socGroupsOfEdition(this.db, edition.id)).map((g) => [g.code, g]));
    yield [...groups.values()].filter((g) => g.level === 'unit').map((unit) => placed(unit, groups));
  }

  async profile(soc: string): Promise<OccupationProfile> {
    const unit = await this.unitGroup(soc);
    const { groups } = await this.structure();
    const records = (await this.codingIndex.get())?.byUnitGroup.get(soc) ?? [];
    const minor = groups.get(soc.slice(0, 3)) ?? null;
    const subMajor = groups.get(soc.slice(0, 2)) ?? null;
    const major = groups.get(soc.slice(0, 1)) ?? null;
    return {
      soc2020: soc,
      title: unit.title,
      minorGroup: minor?.code ?? null,
      minorTitle: minor?.title ?? null,
      subMajorGroup: subMajor?.code ?? null,
      subMajorTitle: subMajor?.title ?? null,
      majorGroup: major?.code ?? null,
      majorTitle: major?.title ?? null,
      isco08: iscoSharesOf(records)[0]?.isco08 ?? null,
      titleCount: distinctTitles(records).length,
      examples: [...new Set(records.map((r) => r.naturalTitle))].slice(0, EXAMPLE_TITLES),
      about: await this.about(soc),
    };
  }

  async titles(soc: string): Promise<OccupationTitle[]> {
    await this.unitGroup(soc);
    const index = await this.codingIndex.get();
    if (!index) throw this.current.unavailable(CODING_INDEX, 'Job titles');
    return distinctTitles(index.byUnitGroup.get(soc) ?? []).sort(
      (a, b) =>
        a.title.localeCompare(b.title, 'en-GB') || (a.qualifier ?? '').localeCompare(b.qualifier ?? '', 'en-GB'),
    );
  }

  async search(query: string, limit: number): Promise<OccupationMatch[]> {
    return (await this.searchServed(query, limit)).matches;
  }

  /** The matches, and whether they come from the previous build of the search while it is rebuilt for new editions. */
  async searchServed(query: string, limit: number): Promise<{ matches: OccupationMatch[]; stale: boolean }> {
    const [{ groups }, served] = await Promise.all([this.structure(), this.codingIndex.searchServed()]);
    const index = served.value;
    if (!index) throw await notIngestedYet(this.db, 'The SOC 2020 coding index');
    const matches = index.search.search(query, limit).map((match) => ({
      soc2020: match.soc2020,
      title: groups.get(match.soc2020)?.title ?? match.matchedTitle,
      matchedTitle: match.matchedTitle,
      qualifier: match.qualifier,
      // Three decimals say all a caller can use; fuzzy scores stay below 1 (the scorer caps them at 0.99).
      confidence: round(match.confidence, 3),
      matchType: match.matchType,
      titleShare: match.titleShare === null ? null : Math.round(match.titleShare * 1000) / 1000,
    }));
    return { matches, stale: served.stale };
  }

  private async about(soc: string): Promise<OccupationProfile['about']> {
    const edition = await this.current.latest(SOC_DESCRIPTIONS);
    if (!edition) return null;
    const description = await findSocDescription(this.db, edition.id, soc);
    if (!description) return null;
    return {
      description: description.description,
      tasks: description.tasks,
      provenance: this.current.served(edition).provenance,
    };
  }
}

/** The distinct job titles (title and qualifier) of index records: one title may be indexed under two spellings. */
function distinctTitles(records: readonly { naturalTitle: string; qualifier: string | null }[]): OccupationTitle[] {
  const seen = new Set<string>();
  const titles: OccupationTitle[] = [];
  for (const record of records) {
    const key = `${record.naturalTitle}\u0000${record.qualifier ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    titles.push({ title: record.naturalTitle, qualifier: record.qualifier });
  }
  return titles;
}
