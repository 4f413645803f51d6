import { csvLine, flatten, type BulkRecord } from '../../domain/bulk.js';
import { cellsAt } from './columns.js';
import type { BulkFile } from './index.js';

/**
 * The file's lines, one page of rows at a time: JSON Lines opens with the provenance record, CSV
 * with its header row. A page is read only when the one before has been taken (written to disk
 * by the bulk builder), so memory holds a page, whatever the file's size.
 */
export async function* bulkLines(
  file: BulkFile,
  records: AsyncIterable<readonly BulkRecord[]>,
  format: 'csv' | 'jsonl',
  tally: { rows: number },
): AsyncGenerator<string> {
  if (format === 'jsonl') yield `${JSON.stringify({ provenance: file.provenance })}\n`;
  const { columns } = file;
  if (format === 'csv' && columns) yield csvLine(columns.map((path) => path.join('.')));
  let header = columns !== undefined;
  for await (const page of records) {
    let chunk = '';
    for (const record of page) {
      tally.rows += 1;
      if (format === 'jsonl') {
        chunk += `${JSON.stringify(record)}\n`;
        continue;
      }
      if (columns) {
        chunk += csvLine(cellsAt(record, columns));
        continue;
      }
      const cells = flatten(record);
      if (!header) {
        chunk += csvLine(cells.map(([name]) => name));
        header = true;
      }
      chunk += csvLine(cells.map(([, value]) => value));
    }
    if (chunk) yield chunk;
  }
}
