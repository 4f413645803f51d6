import { upstreamPath } from '../upstream.js';
import { file, html, type PublisherResponse } from './routes.js';

/**
 * Warwick IER's Working Futures 2017-2027 download page. Only its address is evidenced (third-party
 * code cites it); the page is built here, and the workbook's link beside the page is made up. The
 * workbook served is the mirror's real `UK_MainTables.Main.xlsm`.
 */
export const WF7_PAGE = 'https://warwick.ac.uk/fac/soc/ier/wf7downloads/';

export function workingFuturesRoutes(
  workbooks: [string, PublisherResponse][] = [
    ['UK_MainTables.Main.xlsm', file(upstreamPath('working-futures/UK_MainTables.Main.xlsm'))],
  ],
): [string, PublisherResponse][] {
  const links = [...workbooks.map(([name]) => name), 'WF_2017-2027_Main_Report.pdf']
    .map((name) => `<li><a href="/fac/soc/ier/wf7downloads/${name}">${name}</a></li>`)
    .join('\n');
  return [
    [
      WF7_PAGE,
      html(
        `<!DOCTYPE html><html><body><h1>Working Futures 2017-2027</h1><ul>${links}</ul><a href="mailto:ier@warwick.ac.uk">Contact</a></body></html>`,
      ),
    ],
    ...workbooks.map(([name, body]): [string, PublisherResponse] => [`${WF7_PAGE}${name}`, body]),
  ];
}
