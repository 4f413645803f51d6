import type { ProjectionClassification, ProjectionRelease } from '../../../domain/projections.js';
import { isZip, unzipBounded } from '../../formats/inflate.js';
import { readWorkbook } from '../../formats/workbook-worker.js';
import { MAIN_TABLES_SHEETS, infoOf, mainTablesOf } from './main-tables-layout.js';

/**
 * Which area a MainTables workbook is for: the names its Info sheet may give the area (the first
 * is the spec's), and the short codes the producers may put before `_MainTables` in the file's
 * name (`EN_`, `UK_` are seen; the others are guesses, used only to try a zip's likely member
 * first: the Info sheet decides).
 */
export interface ProjectionAreaWorkbook {
  names: string[];
  codes: string[];
}

/** "8. West Midlands", "Yorkshire & The Humber" -> "westmidlands", "yorkshireandthehumber". */
const normalised = (name: string) =>
  name
    .toLowerCase()
    .replace(/^\d+\.\s*/, '')
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

export function isAreaNamed(area: ProjectionAreaWorkbook, name: string): boolean {
  return area.names.some((n) => normalised(n) === normalised(name));
}

const WORKBOOK = /\.xls[xm]$/i;
const baseName = (entry: string) => entry.split('/').pop() ?? entry;

/** A zip's workbooks, the area's likely one first (its code or name in the file name), then in the zip's order. */
function likelyFirst(entries: string[], area: ProjectionAreaWorkbook): string[] {
  const hinted = (entry: string) => {
    const name = baseName(entry);
    const code = /^([A-Za-z]+)_/.exec(name)?.[1]?.toUpperCase();
    return (
      (code !== undefined && area.codes.includes(code)) ||
      area.names.some((n) => normalised(name).includes(normalised(n)))
    );
  };
  return [...entries.filter(hinted), ...entries.filter((e) => !hinted(e))];
}

/**
 * The area's projections from a release that is its MainTables workbook, or a zip of the round's
 * workbooks (DfE's "Nations projections"), where the area's is the one whose Info sheet names it:
 * members are read one at a time, the likely one first. A workbook for another area, or a zip with
 * none for this one, is refused naming what it holds.
 */
export async function areaWorkbookOf(
  bytes: Uint8Array,
  area: ProjectionAreaWorkbook,
  classification: ProjectionClassification,
): Promise<ProjectionRelease> {
  if (!isZip(bytes) || !isPlainZip(bytes)) return checkedArea(await readMainTables(bytes, classification), area);
  const entries = entryNames(bytes).filter((name) => WORKBOOK.test(name) && !name.startsWith('__MACOSX/'));
  if (entries.length === 0) throw new Error('the zip holds no workbook (.xlsm or .xlsx)');
  const seen: string[] = [];
  for (const entry of likelyFirst(entries, area)) {
    const member = unzipBounded(bytes, (name) => name === entry, 'the zip').get(entry)!;
    const info = await readWorkbook(member, { sheets: ['Info'] });
    let areaName: string;
    try {
      areaName = infoOf(info.sheets.Info ?? []).areaName;
    } catch {
      seen.push(`${baseName(entry)} (no area named in an Info sheet)`);
      continue; // not a MainTables workbook (e.g. the "UK additional tables")
    }
    if (isAreaNamed(area, areaName)) return checkedArea(await readMainTables(member, classification), area);
    seen.push(`${baseName(entry)} (${areaName})`);
  }
  throw new Error(`the zip holds no MainTables workbook for ${area.names[0]}: ${seen.join(', ')}`);
}

async function readMainTables(bytes: Uint8Array, classification: ProjectionClassification) {
  return mainTablesOf(await readWorkbook(bytes, { sheets: MAIN_TABLES_SHEETS }), classification);
}

function checkedArea(release: ProjectionRelease, area: ProjectionAreaWorkbook): ProjectionRelease {
  if (!isAreaNamed(area, release.areaName))
    throw new Error(`the workbook is for "${release.areaName}", not ${area.names[0]}`);
  return release;
}

/** The names of a zip's entries, read from its directory (nothing is inflated). */
function entryNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  unzipBounded(
    bytes,
    (name) => {
      names.push(name);
      return false;
    },
    'the zip',
  );
  return names;
}

/** A zip that is not itself a workbook (an .xlsx or .xlsm is a zip too: it has a `[Content_Types].xml`). */
function isPlainZip(bytes: Uint8Array): boolean {
  return !entryNames(bytes).includes('[Content_Types].xml');
}
