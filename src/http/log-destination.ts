import { pino } from 'pino';

/** sonic-boom in buffer mode: `write` takes a Buffer (its types say string). */
type SonicBoom = ReturnType<typeof pino.destination>;

/**
 * Where JSON log lines go: stdout, in batches. pino hands over one line per call; each line is
 * encoded at once into a 32 KiB buffer, which is handed on when full or every `flushMs` to
 * sonic-boom, which writes it and deals with partial writes and EAGAIN on pipes. Measured under
 * load (`npm run bench:compare`, profiles):
 * - one write per request cost more CPU than the rest of a cached answer's logging;
 * - sonic-boom's own `minLength` batching measures the byte length of its whole growing buffer on
 *   every line: 3.8 µs a line with pino, against 1.5 µs for a batch;
 * - asynchronous writes (on libuv's thread pool) let batches wait for a busy machine's CPU long
 *   enough to be promoted to the old generation: the heap grew by 220 bytes a request until a
 *   major collection. Written synchronously, as pino's default destination does, the heap stays flat;
 * - lines kept as strings until the write (a template literal is a tree of a dozen strings)
 *   survived young-generation collections by the thousand and doubled their cost; encoded at once,
 *   a line dies young and the batch lives outside the JavaScript heap.
 */
export class BatchedLogDestination {
  private readonly out: SonicBoom;
  private batch: Buffer;
  private used = 0;

  constructor(
    destination: { dest: number | string; sync: boolean; mkdir?: boolean },
    private readonly batchBytes = 32 * 1024,
    flushMs = 250,
  ) {
    this.out = pino.destination({ ...destination, contentMode: 'buffer' });
    this.batch = Buffer.allocUnsafe(batchBytes);
    setInterval(() => this.handOn(), flushMs).unref();
    // pino's own exit hook flushes sonic-boom before this one runs; what is still here goes now.
    process.once('exit', () => {
      this.handOn();
      try {
        this.out.flushSync();
      } catch {
        // Closed or never opened: nothing can be written any more.
      }
    });
  }

  write(line: string): boolean {
    // At most three bytes a UTF-16 unit: hand on first unless the line surely fits.
    const room = line.length * 3;
    if (this.used + room > this.batchBytes) {
      this.handOn();
      if (room > this.batchBytes) {
        this.out.write(Buffer.from(line) as unknown as string);
        return true;
      }
    }
    this.used += this.batch.write(line, this.used);
    return true;
  }

  /** pino's `logger.flush(cb)`: hands on what is gathered (`cb` does not wait for an asynchronous write). */
  flush(cb?: (error?: Error) => void): void {
    this.handOn();
    if (cb) this.out.flush(cb);
  }

  private handOn(): void {
    if (this.used === 0) return;
    const full = this.batch.subarray(0, this.used);
    // A new buffer each batch: sonic-boom may still hold the last one (a partial write to a pipe).
    this.batch = Buffer.allocUnsafe(this.batchBytes);
    this.used = 0;
    this.out.write(full as unknown as string);
  }
}

/** JSON lines to stdout, batched and written synchronously (see BatchedLogDestination). */
export function stdoutLogDestination(): BatchedLogDestination {
  return new BatchedLogDestination({ dest: 1, sync: true });
}
