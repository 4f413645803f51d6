import type { CensusAgeBand, CensusAgeCell } from '../../domain/employment.js';
import { round } from '../../domain/numbers.js';
import type { WorkforceShare } from '../../schemas/employment.js';
import { censusAgeFor } from '../../store/employment.js';
import type { Db } from '../../store/schema.js';
import type { CurrentEditions, Served } from '../current-editions.js';

/**
 * /workforce's age bands, from Census 2021 "Occupations of those in employment, by age and sex,
 * England and Wales": another population from its `people` (the APS, UK), which the coverage and
 * derivation say, and whose percents are shares of the occupation's own Census count.
 */

const CENSUS_AGE = 'census-occupation-age';
/** Its dataset page, named where the release is not ingested. */
const CENSUS_AGE_PAGE =
  'https://www.ons.gov.uk/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/datasets/occupationsofthoseinemploymentbyageandsexenglandandwalescensus2021';

/** The age figures of /workforce, and what its coverage and derivation say of them. */
interface CensusAges {
  ageBands: WorkforceShare[];
  agedUnder25Percent: number | null;
  aged55AndOverPercent: number | null;
  base: number | null;
  period: string | null;
  provenance: Served['provenance'] | null;
  coverage: string;
  derivation: string;
}

const CENSUS_POPULATION =
  'Census 2021 counts of usual residents aged 16 and over in employment in England and Wales (Census Day, 21 March 2021)';

/**
 * A share of the bands `pick` takes: null when one of them is withheld or the base is not known,
 * as the spec's null rule says.
 */
function bandShare(
  bands: CensusAgeBand[],
  cells: Map<number, CensusAgeCell>,
  base: number | null,
  pick: (b: CensusAgeBand) => boolean,
): number | null {
  const taken = bands.filter(pick).map((b) => cells.get(b.position));
  if (base === null || base === 0 || taken.length === 0 || taken.some((c) => c?.people == null)) return null;
  return round((taken.reduce((sum, c) => sum + c!.people!, 0) / base) * 100, 1);
}

/** The base of the shares: the row's total when published, else the sum of its bands when none is withheld. */
function censusBase(bands: CensusAgeBand[], cells: Map<number, CensusAgeCell>, total: CensusAgeCell | undefined) {
  if (total?.people != null) return total.people;
  const people = bands.map((b) => cells.get(b.position)?.people);
  return people.some((p) => p == null) ? null : people.reduce<number>((sum, p) => sum + p!, 0);
}

function censusAgesOf(
  served: Served,
  release: { bands: CensusAgeBand[]; cells: CensusAgeCell[] },
  soc: string,
): CensusAges {
  const { bands } = release;
  const cells = new Map(release.cells.filter((c) => c.band !== null).map((c) => [c.band!, c]));
  const period = 'England and Wales, March 2021';
  if (cells.size === 0)
    return {
      ageBands: [],
      agedUnder25Percent: null,
      aged55AndOverPercent: null,
      base: null,
      period,
      provenance: served.provenance,
      coverage: `Age bands come from ${served.edition.label} (${CENSUS_POPULATION}), which has no row for ${soc}, so they are empty and their percentages null.`,
      derivation: `Age bands: ${served.edition.label} has no row for ${soc}.`,
    };
  const base = censusBase(
    bands,
    cells,
    release.cells.find((c) => c.band === null),
  );
  const withheld = bands.filter((b) => cells.get(b.position)?.people == null).length;
  return {
    ageBands: bands.map((b) => {
      const people = cells.get(b.position)?.people ?? null;
      return {
        code: String(b.position),
        name: b.label,
        people,
        percent: people === null || !base ? null : round((people / base) * 100, 1),
        quality: people === null ? 'unreliable' : 'reasonable',
        presentable: people !== null,
      };
    }),
    agedUnder25Percent: bandShare(bands, cells, base, (b) => b.to !== null && b.to <= 24),
    aged55AndOverPercent: bandShare(bands, cells, base, (b) => b.from >= 55),
    base,
    period,
    provenance: served.provenance,
    coverage:
      `Age bands are ${CENSUS_POPULATION}, from ${served.edition.label}: a different source, year and area from \`people\` (APS, UK), so their counts do not add up to it. ` +
      `ONS rounds the counts to 5 and withholds those of fewer than 10 respondents (\`[c]\`: null, quality \`unreliable\`)${withheld > 0 ? `; ${withheld} of this occupation's bands are withheld` : ''}.`,
    derivation:
      `Age bands, \`agedUnder25Percent\` (16 to 19 plus 20 to 24) and \`aged55AndOverPercent\` are ${CENSUS_POPULATION}, from ${served.edition.label}; ` +
      `each percent is a share of \`ageBandsPeople\` (${base === null ? 'not known: a band is withheld and the release gives no total' : `${base.toLocaleString('en-GB')}, the occupation's Census count`}), never of \`people\`, which is another survey, year and area.`,
  };
}

/** The occupation's all-persons age bands from the Census release, or why there are none. */
export async function censusAges(db: Db, current: CurrentEditions, soc: string): Promise<CensusAges> {
  const edition = await current.latest(CENSUS_AGE);
  if (!edition)
    return {
      ageBands: [],
      agedUnder25Percent: null,
      aged55AndOverPercent: null,
      base: null,
      period: null,
      provenance: null,
      coverage: `Age bands by unit group are published by ONS in "Occupations of those in employment, by age and sex, England and Wales, Census 2021" (${CENSUS_AGE_PAGE}), which the service has not ingested, so they are empty and their percentages null.`,
      derivation: 'Age bands: no release giving them is ingested.',
    };
  return censusAgesOf(current.served(edition), await censusAgeFor(db, edition.id, soc, 'all'), soc);
}
