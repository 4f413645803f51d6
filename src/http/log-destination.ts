import { pino } from 'pino';

type SonicBoom = ReturnType<typeof pino.destination>;

/**
 * Where JSON log lines go: stdout, in batches. pino hands over one line per call; the lines are
 * kept in an array and handed on as one string when `batchChars` have gathered or every
 * `flushMs`, to sonic-boom, which writes it and deals with partial writes and EAGAIN on pipes.
 * Measured under load (`npm run bench:compare`):
 * - one write per request cost more CPU than the rest of a cached answer's logging;
 * - sonic-boom's own `minLength` batching measures the byte length of its whole growing buffer on
 *   every line: 3.8 µs a line with pino, against 1.5 µs for this;
 * - asynchronous writes (on libuv's thread pool) let batches wait for a busy machine's CPU long
 *   enough to be promoted to the old generation: the heap grew by 220 bytes a request until a
 *   major collection. Written synchronously, as pino's default destination does, one system
 *   call per 32 KiB of lines (about 120 requests), the heap stays flat.
 */
export class BatchedLogDestination {
  private lines: string[] = [];
  private chars = 0;

  constructor(
    private readonly out: SonicBoom,
    private readonly batchChars = 32 * 1024,
    flushMs = 250,
  ) {
    setInterval(() => this.handOn(), flushMs).unref();
    // pino's own exit hook flushes sonic-boom before this one runs; what is still here goes now.
    process.once('exit', () => {
      this.handOn();
      try {
        out.flushSync();
      } catch {
        // Closed or never opened: nothing can be written any more.
      }
    });
  }

  write(line: string): boolean {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.batchChars) this.handOn();
    return true;
  }

  /** pino's `logger.flush(cb)`: hands on what is gathered (sonic-boom writes it next; `cb` does not wait for the write). */
  flush(cb?: (error?: Error) => void): void {
    this.handOn();
    if (cb) this.out.flush(cb);
  }

  private handOn(): void {
    if (this.chars === 0) return;
    const batch = this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.out.write(batch);
  }
}

/** JSON lines to stdout, batched and written synchronously (see BatchedLogDestination). */
export function stdoutLogDestination(): BatchedLogDestination {
  return new BatchedLogDestination(pino.destination({ dest: 1, sync: true }));
}
