import { UNITED_KINGDOM } from '../../../../domain/areas.js';
import { LOCAL_QUARTERS_LISTED, type AdvertSeries, type AdvertTable } from '../../../../domain/job-adverts.js';
import {
  LOCAL_TABLE,
  occupationCode,
  readAdvertTable,
  regionCode,
  UNKNOWN_OCCUPATION,
} from '../labour-demand-workbook.js';

/** London is published as one area (no boroughs) and, as /v1/local-areas lists it, carries its region's code. */
const LONDON = 'London';
const LONDON_CODE = 'E12000007';
const DISTRICT_CODE = /^[ENSW]\d{8}$/;

/** Σ of the published figures of some rows, period by period; null for a period none of them published. */
class Sums {
  private readonly sums = new Map<string, { areaCode: string; soc2020: string | null; adverts: (number | null)[] }>();

  add(areaCode: string, soc2020: string | null, figures: readonly (number | null)[]): void {
    const key = `${areaCode} ${soc2020 ?? ''}`;
    let sum = this.sums.get(key);
    if (!sum) {
      sum = { areaCode, soc2020, adverts: figures.map(() => null) };
      this.sums.set(key, sum);
    }
    figures.forEach((figure, i) => {
      if (figure !== null) sum.adverts[i] = (sum.adverts[i] ?? 0) + figure;
    });
  }

  series(): AdvertSeries[] {
    return [...this.sums.values()];
  }
}

/**
 * The local table of the labour demand workbook (Table 5 since July 2025: `Region, ITL2, Local
 * Authority District, SOC 4 digit code, SOC 4 digit label, Local Authority Code, 2017Q1 …`), its
 * latest twelve quarters (all the local responses use): a series per district (London as one) and
 * unit group; each district's all-adverts series (its rows summed, its `Unknown` row included); and
 * the same sums for each region and nation and for the UK, which the table does not publish. A
 * suppressed cell is left out of every sum; a sum is null only where no cell of it was published.
 */
export function parseLocalAdverts(bytes: Uint8Array): AdvertTable {
  const series: AdvertSeries[] = [];
  const sums = new Sums();
  const seen = new Set<string>();
  const { periods, notices } = readAdvertTable(bytes, LOCAL_TABLE, ({ labels, figures, rowNumber }) => {
    const region = labels.Region!;
    const regionAt = regionCode(region);
    if (!regionAt || regionAt === UNITED_KINGDOM.code)
      throw new Error(`Table of local adverts, A${rowNumber}: "${region}" is not a region or nation`);
    const district = labels['Local Authority Code']!;
    const london = district === '' && labels['Local Authority District'] === LONDON && region === LONDON;
    if (!london && !DISTRICT_CODE.test(district))
      throw new Error(`Table of local adverts, F${rowNumber}: "${district}" is not a local authority's GSS code`);
    const areaCode = london ? LONDON_CODE : district;
    const code = occupationCode(labels['SOC 4 digit code']!);
    if (!code)
      throw new Error(
        `Table of local adverts, D${rowNumber}: "${labels['SOC 4 digit code']}" is neither a SOC 2020 unit group nor Unknown`,
      );
    const key = `${areaCode} ${code}`;
    if (seen.has(key)) throw new Error(`Table of local adverts, row ${rowNumber}: ${areaCode} ${code} is there twice`);
    seen.add(key);
    const latest = figures.slice(-LOCAL_QUARTERS_LISTED);
    const soc2020 = code === UNKNOWN_OCCUPATION ? null : code;
    if (soc2020) series.push({ areaCode, soc2020, adverts: latest });
    // London is its own region: its sums are its rows.
    const wider = areaCode === regionAt ? [UNITED_KINGDOM.code] : [regionAt, UNITED_KINGDOM.code];
    for (const area of [areaCode, ...wider]) {
      sums.add(area, null, latest);
      if (soc2020 && area !== areaCode) sums.add(area, soc2020, latest);
    }
  });
  return { periods: periods.slice(-LOCAL_QUARTERS_LISTED), series: [...series, ...sums.series()], notices };
}
