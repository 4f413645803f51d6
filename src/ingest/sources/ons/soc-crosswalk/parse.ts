import {
  CROSSWALK_SAMPLES,
  type CrosswalkSample,
  type Soc2010Base,
  type SocCrosswalk,
  type SocCrosswalkLink,
} from '../../../../domain/soc.js';
import type { Cell, Workbook } from '../../../formats/workbook.js';

/** The columns of each sample: its base (records, on "Total sample" rows) and its share (on destination rows). */
const SAMPLE_COLUMNS: Record<CrosswalkSample, { base: string; share: string }> = {
  menLfs: { base: 'men_lfs_base_2010', share: 'men_lfs_perc_2020' },
  menCensus: { base: 'men_census_base_2010', share: 'men_census_perc_2020' },
  womenLfs: { base: 'women_lfs_base_2010', share: 'women_lfs_perc_2020' },
  womenCensus: { base: 'women_census_base_2010', share: 'women_census_perc_2020' },
};

const GROUP = /^(\d{4}):\s*(.+?)\s*$/;

/**
 * Reads the relationship table: a header row naming SOC2010, SOC2020 and the eight sample
 * columns; then, for each SOC 2010 unit group, a row with its "code: title" and `Total sample`
 * carrying the base counts, followed by one row per SOC 2020 destination ("code: title" in the
 * SOC2020 column) carrying its shares. Columns are found by their labels.
 */
export function parseSocCrosswalk(workbook: Workbook): SocCrosswalk {
  const [sheetName, rows] = Object.entries(workbook.sheets)[0] ?? [];
  if (!rows) throw new Error('the workbook has no sheet');
  const headerIndex = rows.findIndex(
    (row) => row.some((c) => text(c) === 'SOC2010') && row.some((c) => text(c) === 'SOC2020'),
  );
  if (headerIndex < 0) throw new Error(`sheet "${sheetName}" has no header row naming SOC2010 and SOC2020`);
  const header = rows[headerIndex]!.map(text);
  const column = (label: string) => {
    const index = header.indexOf(label);
    if (index < 0) throw new Error(`sheet "${sheetName}" has no "${label}" column`);
    return index;
  };
  const soc2010Column = column('SOC2010');
  const soc2020Column = column('SOC2020');
  const samples = CROSSWALK_SAMPLES.map((sample) => ({
    sample,
    base: column(SAMPLE_COLUMNS[sample].base),
    share: column(SAMPLE_COLUMNS[sample].share),
  }));

  const crosswalk: SocCrosswalk = { bases: [], links: [] };
  let current: string | null = null;
  for (const [offset, row] of rows.slice(headerIndex + 1).entries()) {
    const where = `row ${headerIndex + offset + 2}`;
    const from = text(row[soc2010Column]);
    const to = text(row[soc2020Column]);
    if (from === '' && to === '') continue;
    if (from !== '') {
      const group = GROUP.exec(from);
      if (!group || to !== 'Total sample')
        throw new Error(`${where}: expected "<SOC 2010 code>: <title>" with "Total sample", found "${from}" / "${to}"`);
      current = group[1]!;
      crosswalk.bases.push({
        soc2010: current,
        title: group[2]!,
        records: Object.fromEntries(
          samples.map((s) => [s.sample, figure(row[s.base], where)]),
        ) as Soc2010Base['records'],
      });
      continue;
    }
    const group = GROUP.exec(to);
    if (!group || current === null)
      throw new Error(`${where}: expected "<SOC 2020 code>: <title>" under a SOC 2010 group, found "${to}"`);
    crosswalk.links.push({
      soc2010: current,
      soc2020: group[1]!,
      soc2020Title: group[2]!,
      shares: Object.fromEntries(
        samples.map((s) => [s.sample, share(row[s.share], where)]),
      ) as SocCrosswalkLink['shares'],
    });
  }
  return crosswalk;
}

function text(cell: Cell | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell).trim();
}

function figure(cell: Cell | undefined, where: string): number | null {
  if (cell === null || cell === undefined || text(cell) === '') return null;
  if (typeof cell !== 'number' || !Number.isFinite(cell) || cell < 0)
    throw new Error(`${where}: "${text(cell)}" is not a count of records`);
  return cell;
}

function share(cell: Cell | undefined, where: string): number | null {
  const value = figure(cell, where);
  if (value !== null && value > 1 + 1e-9) throw new Error(`${where}: a share of ${value} is more than 1`);
  return value;
}
