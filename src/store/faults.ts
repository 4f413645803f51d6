/**
 * The faults a database brings that are not the request's nor the code's: the database is away
 * (a failover, a restart, a pooler reset), busy past its wait (SQLite's write lock held by
 * another process longer than busy_timeout), its file is corrupt, or its disk is full. The HTTP
 * layer answers them 503 with Retry-After (never 500), and readiness fails while the store is
 * known corrupt (docs/deployment.md, "Failure modes").
 */
export type StoreFault = 'unreachable' | 'busy' | 'corrupt' | 'full';

/** PostgreSQL SQLSTATE classes and codes (appendix A of its manual) that say the server is away or refusing. */
const PG_UNREACHABLE_CLASSES = ['08', '57']; // connection exception; operator intervention (57P01 admin shutdown...)
const PG_UNREACHABLE_CODES = new Set(['53300', '55000']); // too many connections; database not accepting connections
/** 53100: the server's disk is full. */
const PG_DISK_FULL = '53100';
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/** The kind of store fault an error of the database driver is, or null for any other error. */
export function storeFault(error: unknown): StoreFault | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // better-sqlite3's codes are the result codes' names, extended ones included (SQLITE_CORRUPT_INDEX).
    if (code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT_') || code === 'SQLITE_NOTADB') return 'corrupt';
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED') return 'busy';
    if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === PG_DISK_FULL) return 'full';
    if (PG_UNREACHABLE_CODES.has(code) || PG_UNREACHABLE_CLASSES.some((c) => code.length === 5 && code.startsWith(c)))
      return 'unreachable';
    if (NETWORK_CODES.has(code)) return 'unreachable';
  }
  // pg's own errors when the connection ends under a query carry no code, only these messages.
  if (
    /^Connection terminated|^Client has encountered a connection error|^timeout exceeded when trying to connect/.test(
      error.message,
    )
  )
    return 'unreachable';
  return null;
}

/**
 * What the store has learnt about its own health since it opened: a corrupt file stays corrupt
 * until an operator replaces it, so one corrupt answer (or the check at start) marks it for good.
 */
export class StoreHealth {
  /** Why the store is known corrupt (the check's first line, or the driver's message); null while it is not. */
  corruption: string | null = null;

  /** Notes an error a query raised; returns its kind of fault, if it is one. */
  noteError(error: unknown): StoreFault | null {
    const fault = storeFault(error);
    if (fault === 'corrupt' && this.corruption === null) this.corruption = (error as Error).message;
    return fault;
  }
}
