import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { appForSuite } from '../../helpers/composition-root.js';
import { parquetTypeOf } from '../../../src/queries/bulk/parquet.js';

describe('bulk files as Parquet', () => {
  const served = appForSuite('sqlite');

  it('holds the CSV’s columns and rows, typed, nulls kept: the SOC 2020 structure', async () => {
    const csv = await served.get('/v1/bulk/soc2020-structure/latest.csv');
    const pq = await served.get('/v1/bulk/soc2020-structure/latest.parquet');
    assert.equal(pq.statusCode, 200);
    assert.equal(pq.headers['content-type'], 'application/vnd.apache.parquet');
    const bytes = pq.rawPayload;
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const table = parse<Record<string, string>>(csv.body, { columns: true });
    const rows: Record<string, unknown>[] = await parquetReadObjects({ file });
    assert.equal(rows.length, table.length);
    assert.equal(rows.length, 412);
    const [leaf, ...columns] = parquetMetadata(file).schema;
    assert.equal(leaf!.num_children, Object.keys(table[0]!).length);
    assert.deepEqual(
      columns.map((c) => c.name),
      Object.keys(table[0]!),
    );
    // Each cell reads back as the CSV's text: a null as the empty cell.
    rows.forEach((row, i) => {
      for (const [name, value] of Object.entries(row))
        assert.equal(
          value === null ? '' : String(value as string | number | boolean),
          table[i]![name],
          `row ${i} ${name}`,
        );
    });
    // Codes stay text (a leading zero would not survive a number); every column may hold null.
    const types = Object.fromEntries(columns.map((c) => [c.name, c.type]));
    assert.equal(types.soc2020, 'BYTE_ARRAY');
    assert.ok(columns.every((c) => c.repetition_type === 'OPTIONAL'));
    const provenance = parquetMetadata(file).key_value_metadata?.find((kv) => kv.key === 'lmi.provenance');
    assert.equal(JSON.parse(provenance!.value!).source, 'soc2020-structure');
  });

  it('types a column by its values', () => {
    assert.equal(parquetTypeOf([1, null, 3]), 'INT32');
    assert.equal(parquetTypeOf([1, 2.5]), 'DOUBLE');
    assert.equal(parquetTypeOf([2 ** 40]), 'DOUBLE');
    assert.equal(parquetTypeOf([true, null]), 'BOOLEAN');
    assert.equal(parquetTypeOf(['1111', 2]), 'STRING');
    assert.equal(parquetTypeOf([null, null]), 'STRING');
  });
});
