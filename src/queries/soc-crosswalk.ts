import type { CrosswalkSample } from '../domain/soc.js';
import type { Db } from '../store/schema.js';
import { soc2010GroupsInto } from '../store/soc-crosswalk.js';
import type { CurrentEditions, Served } from './current-editions.js';

const SOC_CROSSWALK = 'soc-crosswalk';

/**
 * The samples a supply is counted in: Census 2021 men and women, the larger of ONS's two
 * dual-coded samples (the LFS one has a few hundred records a group at most).
 */
export const SUPPLY_SAMPLES: readonly CrosswalkSample[] = ['menCensus', 'womenCensus'];

/** A SOC 2010 unit group that supplies workers to a SOC 2020 unit group. */
export interface Soc2010Supplier {
  soc2010: string;
  title: string;
  /** Dual-coded Census 2021 records of the SOC 2010 group coded to the SOC 2020 group. */
  records: number;
  /** Those records as a share (0 to 1) of all the SOC 2020 group's records the table reaches. */
  share: number;
  /** Those records as a share (0 to 1) of the SOC 2010 group's own records: how much of it went to this SOC 2020 group. */
  shareOfSupplier: number;
}

export interface Soc2010Suppliers {
  soc2020: string;
  /** Largest first. */
  suppliers: Soc2010Supplier[];
  served: Served;
}

/**
 * Where a SOC 2020 unit group's workers were in SOC 2010, from ONS's relationship table: what
 * carries a SOC 2010 statistic (Employer Skills Survey, Working Futures) onto SOC 2020, said so
 * in every response that uses it.
 */
export class SocCrosswalkQuery {
  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
  ) {}

  async suppliersOf(soc2020: string, what: string): Promise<Soc2010Suppliers> {
    const served = await this.current.serving(SOC_CROSSWALK, what);
    const groups = await soc2010GroupsInto(this.db, served.edition.id, soc2020);
    const counted = groups.map(({ base, link }) => ({
      soc2010: base.soc2010,
      title: base.title,
      records: SUPPLY_SAMPLES.reduce((sum, sample) => sum + (base.records[sample] ?? 0) * (link.shares[sample] ?? 0), 0),
      supplierRecords: SUPPLY_SAMPLES.reduce((sum, sample) => sum + (base.records[sample] ?? 0), 0),
    }));
    const total = counted.reduce((sum, s) => sum + s.records, 0);
    const suppliers = counted
      .filter((s) => s.records > 0)
      .map(({ supplierRecords, ...s }) => ({ ...s, share: s.records / total, shareOfSupplier: s.records / supplierRecords }))
      .sort((a, b) => b.records - a.records || a.soc2010.localeCompare(b.soc2010));
    return { soc2020, suppliers, served };
  }
}
