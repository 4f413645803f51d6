/**
 * What reading one release may cost. Every source has these bounds (its descriptor's `limits`
 * override the defaults, and its README states them): a file over `maxFileBytes` is never read,
 * no inflate (gzip, a zip's entries, a workbook's parts) may produce more than `maxInflatedBytes`,
 * and the parse runs in a worker thread with `maxHeapMb` of heap and `maxParseMs` of time.
 */
export interface ReadLimits {
  maxFileBytes: number;
  maxInflatedBytes: number;
  maxHeapMb: number;
  maxParseMs: number;
}

const MiB = 1024 * 1024;

const DEFAULT_READ_LIMITS: ReadLimits = {
  maxFileBytes: 32 * MiB,
  maxInflatedBytes: 128 * MiB,
  maxHeapMb: 384,
  maxParseMs: 10 * 60_000,
};

export function readLimits(overrides: Partial<ReadLimits> = {}): ReadLimits {
  return { ...DEFAULT_READ_LIMITS, ...overrides };
}

let active: ReadLimits = DEFAULT_READ_LIMITS;

/** The limits of the release being parsed in this thread (set by the parse worker). */
export function activeReadLimits(): ReadLimits {
  return active;
}

export function useReadLimits(limits: ReadLimits): void {
  active = limits;
}
