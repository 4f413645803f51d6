import { formatBytes } from '../domain/numbers.js';
import type { IngestProgress, SourceResult } from './pipeline.js';

/** What a source's releases came to: bytes read from upstream and rows stored (or already stored, for unchanged releases). */
export function sourceTotals(result: SourceResult): { bytes: number; rows: number } {
  return {
    bytes: result.releases.reduce((sum, r) => sum + r.bytes, 0),
    rows: result.releases.reduce((sum, r) => sum + (r.rowsStored ?? 0), 0),
  };
}

/** One line per finished source: its outcome, the bytes read and the rows stored. */
function sourceLine(result: SourceResult): string {
  const { bytes, rows } = sourceTotals(result);
  const releases = `${result.releases.length} release${result.releases.length === 1 ? '' : 's'}`;
  return `${result.sourceKey.padEnd(28)} ${result.outcome.padEnd(12)} ${releases.padStart(11)} ${formatBytes(bytes).padStart(10)} ${`${rows.toLocaleString('en-GB')} rows`.padStart(16)} ${seconds(result.ms).padStart(7)}${documentsText(result)}`;
}

/** How discovery's documents came, when it read any: whole, or unchanged since the kept copy (304). */
function documentsText(result: SourceResult): string {
  const d = result.documents;
  return d && d.downloaded + d.notModified > 0
    ? `, ${d.downloaded + d.notModified} documents (${d.notModified} unchanged, 304)`
    : '';
}

/**
 * On a terminal: the current step of the current source on one redrawn line, then a line per
 * source when it is done (bytes read, rows stored). Prints nothing when output is not a TTY.
 */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): IngestProgress {
  const tty = stream.isTTY === true;
  const started = Date.now();
  return {
    step(sourceKey, text) {
      if (tty) stream.write(`\r\x1b[K${seconds(Date.now() - started)} ${sourceKey}: ${text}`);
    },
    sourceDone(result) {
      if (tty) stream.write(`\r\x1b[K${sourceLine(result)}\n`);
    },
  };
}

/** Writes ingest events as log lines (the server's ingest on start); pino-pretty makes them readable on a terminal. */
export function loggedProgress(log: { info(obj: object, msg: string): void }): IngestProgress {
  return {
    step: () => undefined,
    sourceDone(result) {
      const releases = result.releases.map((r) => ({
        label: r.label,
        outcome: r.outcome,
        rows: r.rowsStored,
        bytes: r.bytes,
      }));
      const totals = sourceTotals(result);
      const summary = `ingest ${result.outcome}: ${result.sourceKey}, ${formatBytes(totals.bytes)} read, ${totals.rows.toLocaleString('en-GB')} rows, ${seconds(result.ms)}${documentsText(result)}`;
      log.info(
        {
          source: result.sourceKey,
          outcome: result.outcome,
          ms: result.ms,
          ...totals,
          releases,
          message: result.message,
          ...(result.documents ? { documents: result.documents } : {}),
        },
        summary,
      );
    },
  };
}

export function summaryTable(results: SourceResult[]): string {
  const lines = results.flatMap((result) => {
    const head = `${result.sourceKey.padEnd(28)} ${result.outcome.padEnd(12)} ${seconds(result.ms).padStart(7)}`;
    const releases = result.releases.map(
      (r) => `  ${r.outcome.padEnd(12)} ${r.label}${r.rowsStored !== null ? ` (${r.rowsStored} rows)` : ''}`,
    );
    return [head, ...releases, ...(result.message ? [`  ${result.message}`] : [])];
  });
  const failed = results.filter((r) => r.outcome === 'failed' || r.outcome === 'quarantined').length;
  return [...lines, `${results.length} source(s), ${failed} failed or quarantined`].join('\n');
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}
