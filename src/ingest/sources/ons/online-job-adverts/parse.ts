import type { AdvertSeries, AdvertTable } from '../../../../domain/job-adverts.js';
import {
  occupationCode,
  readAdvertTable,
  regionCode,
  REGIONAL_TABLE,
  UNKNOWN_OCCUPATION,
} from '../labour-demand-workbook.js';

/**
 * The monthly table of the labour demand workbook (Table 3 since July 2025: `Region, SOC 4 digit
 * code, SOC 4 digit label, Jan-17 …`): a series per area (the UK, each English region, each nation)
 * and unit group. Each area's `Unknown` row (adverts no occupation was assigned to) is checked and
 * left out: it is no occupation, and the monthly responses have no all-occupations figure.
 */
export function parseRegionalAdverts(bytes: Uint8Array): AdvertTable {
  const series: AdvertSeries[] = [];
  const { periods, notices } = readAdvertTable(bytes, REGIONAL_TABLE, ({ labels, figures, rowNumber }) => {
    const region = labels.Region!;
    const areaCode = regionCode(region);
    if (!areaCode) throw new Error(`Table of monthly adverts, A${rowNumber}: "${region}" is not a region or nation`);
    const code = occupationCode(labels['SOC 4 digit code']!);
    if (!code)
      throw new Error(
        `Table of monthly adverts, B${rowNumber}: "${labels['SOC 4 digit code']}" is neither a SOC 2020 unit group nor Unknown`,
      );
    if (code === UNKNOWN_OCCUPATION) return;
    series.push({ areaCode, soc2020: code, adverts: figures });
  });
  return { periods, series, notices };
}
