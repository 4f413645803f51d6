import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { upstreamPath } from '../upstream.js';
import { file, html, type PublisherResponse } from './routes.js';

/**
 * O*NET's and BLS's pages and files. No page is recorded (`_publishers/MANIFEST.md` §2g): the
 * database page is written in the link forms of third-party hand-written snippets
 * (`/dl_files/database/db_{M}_{m}_{format}.zip`, older releases on the same page), the taxonomy
 * pages only link the mirror's workbooks. The text zip is built from the mirror's files under
 * `db_30_3_text/`, as O*NET's zips hold them (see `onetTextZip`).
 */

const ONET = 'https://www.onetcenter.org';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const ONET_TEXT_ZIP = `${ONET}/dl_files/database/db_30_3_text.zip`;
export const BLS_CROSSWALK = 'https://www.bls.gov/soc/ISCO_SOC_Crosswalk.xls';

/**
 * The release's text zip: the mirror's database files (and any `extra` entries) in the release's
 * folder; the interests under the name 30.3 gives them (`Career Interest Types.txt`, third-party
 * evidence: "Interests.txt was renamed Career Interest Types.txt in 30.3; same IDs, same OI scale").
 */
export function onetTextZip(
  folder = 'db_30_3_text',
  extra: Record<string, Uint8Array> = {},
  interestsAs = 'Career Interest Types.txt',
): Uint8Array {
  const entries: Record<string, Uint8Array> = { [`${folder}/Read Me.txt`]: new TextEncoder().encode('O*NET') };
  for (const [name, mirror] of [
    ['Occupation Data.txt', 'Occupation Data.txt'],
    [interestsAs, 'Interests.txt'],
  ] as const)
    entries[`${folder}/${name}`] = new Uint8Array(readFileSync(upstreamPath(`onet/${mirror}`)));
  for (const [name, bytes] of Object.entries(extra)) entries[`${folder}/${name}`] = bytes;
  return zipSync(entries);
}

/** The database page: the current release's downloads in several formats, and older ones further down. */
function onetDatabasePage(current = '30_3'): string {
  const [major, minor] = current.split('_');
  return `<!DOCTYPE html><html><head><title>O*NET Database</title></head><body>
<h1>O*NET&reg; ${major}.${minor} Database</h1>
<p>Download the <a href="/dl_files/database/db_${current}_excel.zip" data-href-csv="/dl_files/database/db_${current}_csv.zip">Excel</a>,
<a href="/dl_files/database/db_${current}_text.zip">Text</a> or <a href="/dl_files/database/db_${current}_mysql.zip">MySQL</a> files.</p>
<h2>Previous releases</h2><table>
<tr><td>O*NET 30.2 Database</td><td>February 2026</td><td><a href="/dl_files/database/db_30_2_text.zip">Text</a></td></tr>
<tr><td>O*NET 29.3 Database</td><td>May 2025</td><td><a href="https://www.onetcenter.org/dl_files/database/db_29_3_text.zip">Text</a></td></tr>
<tr><td>O*NET 15.1 Database</td><td>2011</td><td><a href="/dl_files/db_15_1.zip">Zip</a></td></tr>
</table><a href="mailto:onet@onetcenter.org">Contact</a></body></html>`;
}

/** `current`: the release the database page leads with (`31_0`), its text zip `zip`. */
export const onetRoutes = (zip: Uint8Array = onetTextZip(), current = '30_3'): [string, PublisherResponse][] => [
  [`${ONET}/database.html`, html(onetDatabasePage(current))],
  [`${ONET}/dl_files/database/db_${current}_text.zip`, { contentType: 'application/zip', body: zip }],
  [
    `${ONET}/taxonomy/2019/walk.html`,
    html(`<html><body><h1>O*NET-SOC 2019 Taxonomy: Crosswalks</h1><ul>
<li><a href="../../taxonomy/2019/list.html">Occupation list</a></li>
<li><a href="/taxonomy/2019/walk/2010_to_2019_Crosswalk.xlsx">O*NET-SOC 2010 to 2019</a></li>
<li><a href="walk/2019_to_SOC_Crosswalk.xlsx">O*NET-SOC 2019 to 2018 SOC</a></li>
</ul></body></html>`),
  ],
  [
    `${ONET}/taxonomy/2019/walk/2010_to_2019_Crosswalk.xlsx`,
    file(upstreamPath('onet-taxonomy/2010_to_2019_Crosswalk.xlsx'), XLSX),
  ],
  [
    `${ONET}/taxonomy/2019/walk/2019_to_SOC_Crosswalk.xlsx`,
    file(upstreamPath('onet-taxonomy/2019_to_SOC_Crosswalk.xlsx'), XLSX),
  ],
  [
    `${ONET}/taxonomy/2010/soc.html`,
    html(`<html><body><h1>O*NET-SOC 2010 Taxonomy: SOC</h1>
<p><a href="/taxonomy/2010/soc/ONET_to_US2010SOC.xlsx">O*NET-SOC 2010 to 2010 SOC</a></p></body></html>`),
  ],
  [`${ONET}/taxonomy/2010/soc/ONET_to_US2010SOC.xlsx`, file(upstreamPath('onet/ONET_to_US2010SOC.xlsx'), XLSX)],
  [BLS_CROSSWALK, file(upstreamPath('onet/ISCO_SOC_Crosswalk.xls'), 'application/vnd.ms-excel')],
];
