import type { Check } from '../../../domain/editions.js';
import { readWorkbook } from '../../formats/workbook-worker.js';
import type { Workbook } from '../../formats/workbook.js';
import { releaseAt } from '../../single-file-sources.js';
import type { SourceDescriptor } from '../../source.js';
import type { DbOrTx } from '../../../store/schema.js';
import type { FileLocation } from '../../upstream.js';
import { onsSource } from './publisher.js';
import { discoverSocVolume, SOC2020_METHODOLOGY } from './soc2020-files.js';
import type { SourceKey } from '../../../domain/sources.js';

/**
 * SOC 2020 Volume 2 (the coding index workbook) carries two of our sources: the classification's
 * structure (sheet `SOC2020 framework`) and the coding index itself. What they share about the
 * file is here.
 */
const VOLUME2_LOCATION: FileLocation = {
  mirrorPath: 'soc2020/soc2020volume2thecodingindexexcel16042025.xlsx',
  url: 'https://www.ons.gov.uk/file?uri=/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020/soc2020volume2codingrulesandconventions/soc2020volume2thecodingindexexcel16042025.xlsx',
};

const VOLUME2 = {
  page: 'soc2020volume2codingrulesandconventions',
  stem: 'codingindexexcel',
  name: 'SOC 2020 Volume 2: the coding index workbook',
};
const VOLUME2_PAGE = `https://www.ons.gov.uk${SOC2020_METHODOLOGY}/${VOLUME2.page}`;

/** What a Volume 2 source keeps of the workbook: the release name read from it, and its own sheets' contents. */
interface Volume2Release<Contents> {
  label: string;
  contents: Contents;
}

/**
 * The sheet that names the release: `Information` up to version 12 (the mirror's file); `INFO`
 * in version 14 (2026), known only from a third-party client's notes (_publishers MANIFEST §2i).
 */
export const VERSION_SHEETS = ['Information', 'INFO'];

/**
 * The release name as ONS gives it on the version sheet: the version in the heading and its
 * date in the publication history ("Version 12: 16 April 2025: ...").
 */
export function volume2ReleaseLabel(workbook: Workbook): string {
  const sheet = VERSION_SHEETS.find((name) => workbook.sheets[name] !== undefined);
  if (!sheet) throw new Error(`the workbook has no version sheet (${VERSION_SHEETS.join(' or ')})`);
  const lines = workbook.sheets[sheet]!.flatMap((row) => row.map((cell) => String(cell ?? '').trim()));
  const heading = lines.find((line) =>
    /^Version \d+ Of The Standard Occupational Classification 2020 Index/i.test(line),
  );
  if (!heading)
    throw new Error(
      `the ${sheet} sheet has no "Version N Of The Standard Occupational Classification 2020 Index" heading`,
    );
  const version = /^Version (\d+)/i.exec(heading)![1]!;
  const dated = lines.find((line) => new RegExp(`^Version ${version}:\\s*(\\d{1,2} \\w+ \\d{4})`).test(line));
  const date = dated ? new RegExp(`^Version ${version}:\\s*(\\d{1,2} \\w+ \\d{4})`).exec(dated)![1] : null;
  return `SOC 2020 Volume 2: the coding index, version ${version}${date ? ` (${date})` : ''}`;
}

/**
 * A source read from sheets of the Volume 2 workbook. Both find the same workbook; its name is
 * read from inside it (`labelOf`), so a new index version is a new edition of both.
 */
export function volume2Source<Contents>(spec: {
  key: SourceKey;
  name: string;
  cadence: string;
  /** The sheets the source reads (besides the version sheet, which names the release). */
  sheets: string[];
  read(workbook: Workbook): Contents;
  check(contents: Contents): Check[];
  stage(db: DbOrTx, editionId: string, contents: Contents): Promise<number>;
}): SourceDescriptor<Volume2Release<Contents>> {
  return onsSource({
    key: spec.key,
    name: spec.name,
    url: VOLUME2_PAGE,
    cadence: spec.cadence,
    tier: 'scrapeanddiff',
    detect: releaseAt(VOLUME2_LOCATION, 'SOC 2020 Volume 2 (coding index workbook)'),
    surface: 'ONS methodology page (links to the coding index workbook)',
    discover: (context) => discoverSocVolume(context, VOLUME2),
    async parse(file) {
      const workbook = await readWorkbook(file.bytes, { sheets: [...VERSION_SHEETS, ...spec.sheets] });
      return { label: volume2ReleaseLabel(workbook), contents: spec.read(workbook) };
    },
    labelOf: (release) => release.label,
    check: (release) => spec.check(release.contents),
    stage: (trx, editionId, release) => spec.stage(trx, editionId, release.contents),
  });
}
