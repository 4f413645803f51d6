import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readWorkbook, WorkbookReadError } from '../../../src/ingest/formats/workbook-worker.js';
import { upstreamPath, VOLUME2_FILE } from '../../helpers/upstream.js';

describe('readWorkbook (worker thread)', () => {
  const bytes = new Uint8Array(readFileSync(upstreamPath(VOLUME2_FILE)));

  it('reads the asked-for sheets of the real Volume 2 workbook as rows', async () => {
    const workbook = await readWorkbook(bytes, { sheets: ['SOC2020 framework'] });
    assert.deepEqual(workbook.sheetNames, [
      'Information',
      'FILE SPEC',
      'SOC2020 coding index',
      'Abbreviations',
      'SOC2020 framework',
      'ISCO-08 framework',
    ]);
    assert.deepEqual(Object.keys(workbook.sheets), ['SOC2020 framework']);
    const rows = workbook.sheets['SOC2020 framework']!;
    assert.equal(rows[0]![5], 'SOC2020 Group Title');
    assert.deepEqual(rows.find((r) => r[4] === 2134)?.[5], 'Programmers and software development professionals');
  });

  it('stops a read that runs past its time limit, with an error naming the limit', async () => {
    await assert.rejects(readWorkbook(bytes, {}, 50), (error: unknown) => {
      assert.ok(error instanceof WorkbookReadError);
      assert.match(error.message, /longer than 50 ms/);
      return true;
    });
  });
});
