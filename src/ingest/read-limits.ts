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
  /** Workbooks of one release read at once (ASHE's many), each in workers of their own: see `workbookLanesFor`. */
  maxConcurrentWorkbooks: number;
}

/** What an ingest keeps for itself (the process, the staging), and what one workbook lane costs at its peak, with margin. */
const BASE_MB = 400;
const LANE_MB = 256;

/**
 * How many workbooks may be read at once within LMI_INGEST_MEMORY_MB: the budget less the base,
 * a lane's peak each, one to three. Measured for ASHE Table 14 with every figure x1000 (the worst
 * fault): 521 MiB with one lane, 641 with two, 809 with three (about 400 MiB of base and 120-170 a
 * lane); so 1 GiB allows two lanes, whatever the number of cores, and a third from 1,168 MiB.
 */
export function workbookLanesFor(memoryMb: number): number {
  return Math.max(1, Math.min(3, Math.floor((memoryMb - BASE_MB) / LANE_MB)));
}

const MiB = 1024 * 1024;

const DEFAULT_READ_LIMITS: ReadLimits = {
  maxFileBytes: 32 * MiB,
  maxInflatedBytes: 128 * MiB,
  maxHeapMb: 384,
  maxParseMs: 10 * 60_000,
  maxConcurrentWorkbooks: workbookLanesFor(1024),
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
