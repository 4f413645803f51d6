import type { IngestProgress, SourceResult } from './pipeline.js';

/** Draws the current step on one line of a terminal; prints nothing when output is not a TTY. */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): IngestProgress {
  const tty = stream.isTTY === true;
  const started = Date.now();
  return {
    step(sourceKey, text) {
      if (tty) stream.write(`\r\x1b[K${seconds(Date.now() - started)} ${sourceKey}: ${text}`);
    },
    sourceDone() {
      if (tty) stream.write('\r\x1b[K');
    },
  };
}

/** Writes ingest events as log lines (the server's ingest on start). */
export function loggedProgress(log: { info(obj: object, msg: string): void }): IngestProgress {
  return {
    step: () => undefined,
    sourceDone(result) {
      log.info({ source: result.sourceKey, outcome: result.outcome, ms: result.ms, releases: result.releases.map((r) => ({ label: r.label, outcome: r.outcome, rows: r.rowsStored })), message: result.message }, 'ingest finished for source');
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
