import type { Workbook } from '../../formats/workbook.js';
import type { ReleaseRef } from '../../source.js';
import type { FileLocation, Upstream } from '../../upstream.js';

/**
 * SOC 2020 Volume 2 (the coding index workbook) carries two of our sources: the classification's
 * structure (sheet `SOC2020 framework`) and the coding index itself. What they share about the
 * file is here.
 */
export const VOLUME2_LOCATION: FileLocation = {
  mirrorPath: 'soc2020/soc2020volume2thecodingindexexcel16042025.xlsx',
  url: 'https://www.ons.gov.uk/file?uri=/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020/soc2020volume2codingrulesandconventions/soc2020volume2thecodingindexexcel16042025.xlsx',
};

export const VOLUME2_PAGE =
  'https://www.ons.gov.uk/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020/soc2020volume2codingrulesandconventions';

export const ONS_ATTRIBUTION =
  'Source: Office for National Statistics licensed under the Open Government Licence v3.0.';

export const OGL = 'Open Government Licence v3.0';

/**
 * The release name as ONS gives it on the `Information` sheet: the version in the heading and
 * its date in the publication history ("Version 12: 16 April 2025: ...").
 */
export function volume2ReleaseLabel(workbook: Workbook): string {
  const lines = (workbook.sheets['Information'] ?? []).map((row) => String(row[0] ?? '').trim());
  const heading = lines.find((line) => /^Version \d+ Of The Standard Occupational Classification 2020 Index/i.test(line));
  if (!heading) throw new Error('the Information sheet has no "Version N Of The Standard Occupational Classification 2020 Index" heading');
  const version = /^Version (\d+)/i.exec(heading)![1]!;
  const dated = lines.find((line) => new RegExp(`^Version ${version}:\\s*(\\d{1,2} \\w+ \\d{4})`).test(line));
  const date = dated ? new RegExp(`^Version ${version}:\\s*(\\d{1,2} \\w+ \\d{4})`).exec(dated)![1] : null;
  return `SOC 2020 Volume 2: the coding index, version ${version}${date ? ` (${date})` : ''}`;
}

/** Both Volume 2 sources find the same workbook; its name is read from inside it (`labelOf`). */
export async function detectVolume2(upstream: Upstream): Promise<ReleaseRef[]> {
  if (!(await upstream.has(VOLUME2_LOCATION))) return [];
  return [{ label: 'SOC 2020 Volume 2 (coding index workbook)', seriesKey: null, location: VOLUME2_LOCATION }];
}
