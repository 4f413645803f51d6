import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { ingestSources, type SourceResult } from '../../src/ingest/pipeline.js';
import { loggedProgress, sourceTotals, terminalProgress } from '../../src/ingest/progress.js';
import { socStructureSource } from '../../src/ingest/sources/ons/soc2020-structure/descriptor.js';
import { mirrorUpstream } from '../../src/ingest/upstream.js';
import { openTestStore, type TestStore } from '../helpers/stores.js';
import { UPSTREAM_DIR } from '../helpers/upstream.js';

/** Somewhere to draw progress: a terminal (isTTY) or a pipe, keeping what was written. */
function output(isTTY: boolean): NodeJS.WriteStream & { text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  }) as unknown as NodeJS.WriteStream & { text: () => string };
  Object.assign(stream, { isTTY, text: () => chunks.join('') });
  return stream;
}

describe('ingest progress: bytes read and rows stored per source', () => {
  let store: TestStore;
  let result: SourceResult;
  const terminal = output(true);
  const pipe = output(false);
  const logged: Array<{ obj: Record<string, unknown>; msg: string }> = [];
  before(async () => {
    store = await openTestStore('sqlite', [socStructureSource]);
    const progress = [
      terminalProgress(terminal),
      terminalProgress(pipe),
      loggedProgress({ info: (obj, msg) => logged.push({ obj: obj as Record<string, unknown>, msg }) }),
    ];
    [result] = (await ingestSources({
      store,
      upstream: mirrorUpstream(UPSTREAM_DIR),
      sources: [socStructureSource],
      progress: {
        step: (key, text) => progress.forEach((p) => p.step(key, text)),
        sourceDone: (r) => progress.forEach((p) => p.sourceDone(r)),
      },
    })) as [SourceResult];
  });
  after(async () => store.dispose());

  it('counts the bytes of the release read and the rows it stored', () => {
    assert.equal(result.outcome, 'published');
    const { bytes, rows } = sourceTotals(result);
    assert.ok(bytes > 100_000, `${bytes} bytes`);
    assert.ok(rows > 400, `${rows} rows`);
    assert.equal(rows, result.releases[0]!.rowsStored);
  });

  it('on a terminal: redraws the step with the size read, then leaves a line per source', () => {
    const text = terminal.text();
    const { bytes, rows } = sourceTotals(result);
    // eslint-disable-next-line no-control-regex -- the progress line starts with the terminal's erase-line escape
    assert.match(text, /\r\x1b\[K\d+\.\ds soc2020-structure: parsing .+ \(\d+\.\d (KiB|MiB)\)/);
    const mib = `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
    const kib = `${(bytes / 1024).toFixed(1)} KiB`;
    const line = text.split('\r\x1b[K').at(-1)!;
    assert.match(line, /^soc2020-structure\s+published\s+1 release\s/);
    assert.ok(line.includes(bytes < 1024 ** 2 ? kib : mib), line);
    assert.ok(line.includes(`${rows.toLocaleString('en-GB')} rows`), line);
    assert.ok(line.endsWith('\n'));
  });

  it('prints nothing when the output is not a terminal', () => {
    assert.equal(pipe.text(), '');
  });

  it("logs a line per source with its bytes and rows (the server's ingest on start)", () => {
    assert.equal(logged.length, 1);
    const { rows } = sourceTotals(result);
    assert.match(
      logged[0]!.msg,
      new RegExp(
        `^ingest published: soc2020-structure, \\d+\\.\\d (KiB|MiB) read, ${rows.toLocaleString('en-GB')} rows, \\d+\\.\\ds$`,
      ),
    );
    assert.deepEqual({ bytes: logged[0]!.obj.bytes, rows: logged[0]!.obj.rows }, sourceTotals(result));
  });
});
