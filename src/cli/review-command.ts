import { writeFileSync } from 'node:fs';
import type { Services } from '../services.js';
import { reviewSheet, sheetsHtml, sheetText, type ReviewSheet } from './review-sheet.js';

/** Prints (or writes as one HTML file) the review sheet of one unit group, or of all 412 when `code` is null. */
export async function reviewSheets(services: Services, code: string | null, htmlFile: string | null): Promise<void> {
  const codes = code ? [code] : (await services.occupations.structure()).unitGroups.map((u) => u.code);
  const sheets: ReviewSheet[] = [];
  for (const soc of codes) {
    const sheet = await reviewSheet(services, soc);
    if (htmlFile) sheets.push(sheet);
    else process.stdout.write(`${sheetText(sheet)}\n\n`);
  }
  if (htmlFile) {
    writeFileSync(htmlFile, sheetsHtml(sheets));
    process.stdout.write(`wrote ${sheets.length} review sheets to ${htmlFile}\n`);
  }
}
