import type { CrosswalkSample } from '../../domain/soc.js';
import type { Db } from '../../store/schema.js';
import { soc2010GroupsInto, soc2010GroupsIntoEach, type Soc2010Link } from '../../store/soc-crosswalk.js';
import type { CurrentEditions, Served } from '../current-editions.js';
import type { EditionsMemo } from '../editions-memo.js';

const SOC_CROSSWALK = 'soc-crosswalk' as const;

/**
 * The samples a supply is counted in: 2011 Census men and women, the larger of ONS's two
 * dual-coded samples (the LFS one has a few hundred records a group at most).
 */
const SUPPLY_SAMPLES: readonly CrosswalkSample[] = ['menCensus', 'womenCensus'];

/** A SOC 2010 unit group that supplies workers to a SOC 2020 unit group. */
export interface Soc2010Supplier {
  soc2010: string;
  title: string;
  /** Dual-coded 2011 Census records of the SOC 2010 group coded to the SOC 2020 group. */
  records: number;
  /** Those records as a share (0 to 1) of all the SOC 2020 group's records the table reaches. */
  share: number;
  /** Those records as a share (0 to 1) of the SOC 2010 group's own records: how much of it went to this SOC 2020 group. */
  shareOfSupplier: number;
}

interface Soc2010Suppliers {
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
  /** Every SOC 2020 unit group's sub-major suppliers, built once per relationship-table edition. */
  private readonly subMajors: EditionsMemo<{
    bySubMajor: Map<string, Soc2010SubMajorSupplier[]>;
    mostlyFrom: Map<string, number>;
  }>;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
  ) {
    this.subMajors = current.memos.memo({
      name: 'SOC 2010 sub-major suppliers',
      sources: [SOC_CROSSWALK],
      build: async (editions) => {
        const edition = editions[SOC_CROSSWALK];
        if (!edition) throw this.current.unavailable(SOC_CROSSWALK, 'SOC 2010 suppliers');
        const bySubMajor = new Map<string, Soc2010SubMajorSupplier[]>();
        for (const [unit, links] of await soc2010GroupsIntoEach(this.db, edition.id))
          bySubMajor.set(unit, subMajorsOf(suppliersFrom(links)));
        const mostlyFrom = new Map<string, number>();
        for (const suppliers of bySubMajor.values()) {
          const largest = suppliers[0]?.subMajorGroup;
          if (largest) mostlyFrom.set(largest, (mostlyFrom.get(largest) ?? 0) + 1);
        }
        return { bySubMajor, mostlyFrom };
      },
    });
  }

  async suppliersOf(soc2020: string, what: string): Promise<Soc2010Suppliers> {
    const served = await this.current.serving(SOC_CROSSWALK, what);
    return { soc2020, suppliers: suppliersFrom(await soc2010GroupsInto(this.db, served.edition.id, soc2020)), served };
  }

  /**
   * The SOC 2010 sub-major groups (two digits) a SOC 2020 unit group's workers were in, largest
   * first: its unit-group suppliers summed by sub-major group. `unitGroupsMostlyFrom` counts, for
   * each sub-major group, the SOC 2020 unit groups whose largest supplier it is.
   */
  async subMajorSuppliersOf(soc2020: string, what: string): Promise<Soc2010SubMajorSuppliers> {
    const served = await this.current.serving(SOC_CROSSWALK, what);
    const { bySubMajor, mostlyFrom } = await this.subMajors.get();
    return {
      soc2020,
      suppliers: bySubMajor.get(soc2020) ?? [],
      unitGroupsMostlyFrom: mostlyFrom,
      served,
    };
  }
}

/** A SOC 2010 sub-major group whose unit groups supply workers to a SOC 2020 unit group. */
interface Soc2010SubMajorSupplier {
  /** Two digits. */
  subMajorGroup: string;
  /** Dual-coded 2011 Census records of its unit groups coded to the SOC 2020 group. */
  records: number;
  /** Those records as a share (0 to 1) of all the SOC 2020 group's records the table reaches. */
  share: number;
}

interface Soc2010SubMajorSuppliers {
  soc2020: string;
  /** Largest first. */
  suppliers: Soc2010SubMajorSupplier[];
  /** For each SOC 2010 sub-major group, how many SOC 2020 unit groups have it as their largest. */
  unitGroupsMostlyFrom: ReadonlyMap<string, number>;
  served: Served;
}

/** Each SOC 2010 group's records coded to the SOC 2020 group and the shares they make, largest first. */
function suppliersFrom(groups: Soc2010Link[]): Soc2010Supplier[] {
  const counted = groups.map(({ base, link }) => ({
    soc2010: base.soc2010,
    title: base.title,
    records: SUPPLY_SAMPLES.reduce((sum, sample) => sum + (base.records[sample] ?? 0) * (link.shares[sample] ?? 0), 0),
    supplierRecords: SUPPLY_SAMPLES.reduce((sum, sample) => sum + (base.records[sample] ?? 0), 0),
  }));
  const total = counted.reduce((sum, s) => sum + s.records, 0);
  return counted
    .filter((s) => s.records > 0)
    .map(({ supplierRecords, ...s }) => ({
      ...s,
      share: s.records / total,
      shareOfSupplier: s.records / supplierRecords,
    }))
    .sort((a, b) => b.records - a.records || a.soc2010.localeCompare(b.soc2010));
}

/** Unit-group suppliers summed by their sub-major group (the first two digits of the code). */
function subMajorsOf(suppliers: Soc2010Supplier[]): Soc2010SubMajorSupplier[] {
  const summed = new Map<string, Soc2010SubMajorSupplier>();
  for (const s of suppliers) {
    const subMajorGroup = s.soc2010.slice(0, 2);
    const sum = summed.get(subMajorGroup) ?? { subMajorGroup, records: 0, share: 0 };
    summed.set(subMajorGroup, { subMajorGroup, records: sum.records + s.records, share: sum.share + s.share });
  }
  return [...summed.values()].sort((a, b) => b.records - a.records || a.subMajorGroup.localeCompare(b.subMajorGroup));
}
