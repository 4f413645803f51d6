import { compareQuarters, parseQuarter } from '../../domain/periods.js';
import { rankDescending, rounded } from '../../domain/period-figures.js';
import {
  QUARTERS_IN_YEAR,
  VISA_SERIES_START,
  VISA_TOP,
  type VisaBreakdownKind,
  type VisaRelease,
  WITHHELD,
} from '../../domain/visas.js';
import { Problem } from '../../domain/problems.js';
import type { VisaListResponse, VisaResponse, VisaShare } from '../../schemas/visas.js';
import type { Provenance } from '../provenance.js';

/** Turns a unit group's code into its title (the classification being served). */
export type TitleOf = (soc: string) => string;

/** The latest four quarters of the release, oldest first. */
function latestQuarters(release: VisaRelease): string[] {
  const quarters = release.quarters.map((q) => q.quarter).slice(-QUARTERS_IN_YEAR);
  if (quarters.length === 0) throw new Problem('figure-not-found', 'The visa release covers no quarter.');
  return quarters;
}

interface OccupationYear {
  soc2020: string;
  applications: number;
  grants: number;
}

/** Applications and grants of every occupation in the release over the given quarters (not those of a withheld unit group). */
function occupationYears(release: VisaRelease, quarters: readonly string[]): OccupationYear[] {
  const bySoc = new Map<string, OccupationYear>();
  for (const row of release.figures) {
    if (!quarters.includes(row.quarter) || row.soc2020 === WITHHELD) continue;
    const year = bySoc.get(row.soc2020) ?? { soc2020: row.soc2020, applications: 0, grants: 0 };
    year.applications += row.applications;
    year.grants += row.grants;
    bySoc.set(row.soc2020, year);
  }
  return [...bySoc.values()];
}

/** Occupations with at least one grant, ranked by grants (1 the most; equal grants share a rank). */
function rankedByGrants(years: readonly OccupationYear[]) {
  return rankDescending(
    years.filter((y) => y.grants > 0),
    (y) => y.grants,
    (a, b) => a.soc2020.localeCompare(b.soc2020),
  );
}

/** The occupation's grants by route, nationality or industry over the quarters, by name (`WITHHELD` among them). */
function grantsByName(
  release: VisaRelease,
  soc: string,
  kind: VisaBreakdownKind,
  quarters: readonly string[],
): Map<string, number> {
  const byName = new Map<string, number>();
  for (const row of release.breakdowns) {
    if (row.soc2020 === soc && row.kind === kind && quarters.includes(row.quarter))
      byName.set(row.name, (byName.get(row.name) ?? 0) + row.grants);
  }
  return byName;
}

/**
 * The top few by name, largest first, each in percent of all the occupation's grants: a withheld
 * name is no share (so the shares may add up to less than 100; `coverage` says by how much).
 */
function shares(byName: Map<string, number>, kind: VisaBreakdownKind, grants: number): VisaShare[] {
  if (grants === 0) return [];
  return [...byName]
    .filter(([name]) => name !== WITHHELD)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, VISA_TOP[kind])
    .map(([name, count]) => ({ name, grants: count, percent: rounded((count / grants) * 100)! }));
}

/** What the latest four quarters' figures leave out: the visas whose unit group the Home Office withheld. */
function unattributed(release: VisaRelease, quarters: readonly string[]): string {
  const withheld = release.figures.filter((f) => f.soc2020 === WITHHELD && quarters.includes(f.quarter));
  const [applications, grants] = [
    withheld.reduce((sum, f) => sum + f.applications, 0),
    withheld.reduce((sum, f) => sum + f.grants, 0),
  ];
  if (applications === 0 && grants === 0) return '';
  return ` In these four quarters the Home Office withheld the unit group (\`*\`) of ${grants.toLocaleString('en-GB')} grants and ${applications.toLocaleString('en-GB')} applications: they are counted in no occupation and no rank.`;
}

/** What the release's notes say of its modelled quarters (converted from SOC 2010), none of which a response lists. */
function modelledNote(release: VisaRelease): string {
  const modelled = release.quarters.filter((q) => q.modelled).map((q) => q.quarter);
  if (modelled.length === 0) return '';
  const span =
    modelled.length === 1 ? `quarter ${modelled[0]} is` : `quarters ${modelled[0]} to ${modelled.at(-1)} are`;
  return ` The release's ${span}, in the Home Office's notes, modelled estimates converted from SOC 2010: they stop at the minor group, so no figure here comes from them.`;
}

function coverage(from: string, to: string, leftOut: string): VisaResponse['coverage'] {
  return {
    population: 'employee jobs',
    includesSelfEmployed: false,
    referencePeriod: `${from} to ${to}`,
    note:
      'Counted as sponsored work visa applications and grants, not jobs: Home Office counts of entry clearance visa applications and grants on the sponsored work routes, by the occupation (SOC 2020 unit group) of the sponsored job. ' +
      'Entry clearance only: main applicants applying from outside the UK; dependants, and people already in the UK who extend or switch into a sponsored route (for example from the Graduate visa), are not counted. ' +
      'Unit groups are published from 2024 Q4; earlier quarters stop at the minor group and are never shared out over unit groups. ' +
      'Figures for quarters marked provisional may be revised. Industries are those sponsors assign themselves. Visas are not jobs filled: a grant may not lead to a job being taken up.' +
      leftOut,
  };
}

/** VisaResponse: the occupation's latest four quarters, its rank by grants, and every quarter since 2024 Q4 (zero where it had no visas). */
export function visaResponse(release: VisaRelease, soc: string, title: string, provenance: Provenance): VisaResponse {
  const quarters = latestQuarters(release);
  const years = occupationYears(release, quarters);
  const ranked = rankedByGrants(years);
  const own = years.find((y) => y.soc2020 === soc) ?? { soc2020: soc, applications: 0, grants: 0 };
  const [from, to] = [quarters[0]!, quarters.at(-1)!];
  const byName = (kind: VisaBreakdownKind) => grantsByName(release, soc, kind, quarters);
  const [routes, nationalities, industries] = [byName('route'), byName('nationality'), byName('industry')];
  const withheldNationality = nationalities.get(WITHHELD) ?? 0;
  return {
    soc2020: soc,
    title,
    latestYear: {
      from,
      to,
      applications: own.applications,
      grants: own.grants,
      rank: ranked.find((r) => r.item.soc2020 === soc)?.rank ?? null,
      occupationsRanked: ranked.length,
      routes: shares(routes, 'route', own.grants),
      nationalities: shares(nationalities, 'nationality', own.grants),
      industries: shares(industries, 'industry', own.grants),
    },
    quarters: release.quarters
      .filter((q) => compareQuarters(q.quarter, VISA_SERIES_START) >= 0)
      .map(({ quarter, provisional }) => {
        const rows = release.figures.filter((r) => r.soc2020 === soc && r.quarter === quarter);
        return {
          period: quarter,
          ...parseQuarter(quarter),
          applications: rows.reduce((sum, r) => sum + r.applications, 0),
          grants: rows.reduce((sum, r) => sum + r.grants, 0),
          provisional,
        };
      }),
    coverage: coverage(
      from,
      to,
      modelledNote(release) +
        unattributed(release, quarters) +
        (withheldNationality > 0
          ? ` The nationality of ${withheldNationality.toLocaleString('en-GB')} of this occupation's grants was withheld (\`*\`): they are in no nationality's share.`
          : ''),
    ),
    provenance,
  };
}

/** VisaListResponse: every occupation with a grant in the latest four quarters, most grants first, the first `limit`. */
export function visaListResponse(
  release: VisaRelease,
  titleOf: TitleOf,
  limit: number,
  provenance: Provenance,
): VisaListResponse {
  const quarters = latestQuarters(release);
  const [from, to] = [quarters[0]!, quarters.at(-1)!];
  return {
    from,
    to,
    occupations: rankedByGrants(occupationYears(release, quarters))
      .slice(0, limit)
      .map(({ item, rank }) => ({
        rank,
        soc2020: item.soc2020,
        title: titleOf(item.soc2020),
        grants: item.grants,
        applications: item.applications,
      })),
    coverage: coverage(from, to, modelledNote(release) + unattributed(release, quarters)),
    provenance,
  };
}
