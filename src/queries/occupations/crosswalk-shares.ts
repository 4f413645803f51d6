import { CROSSWALK_SAMPLES } from '../../domain/soc.js';
import type { Soc2010Link } from '../../store/soc-crosswalk.js';

/**
 * SOC 2010 -> SOC 2020 -> share of the SOC 2010 group's records coded there, the ONS table's four
 * samples (men and women, LFS and Census) pooled by their bases: Σ base · share / Σ base.
 */
export function pooledShares(
  byUnitGroup: ReadonlyMap<string, readonly Soc2010Link[]>,
): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const links of byUnitGroup.values()) {
    for (const { base, link } of links) {
      let weighted = 0;
      let records = 0;
      for (const sample of CROSSWALK_SAMPLES) {
        const n = base.records[sample];
        const share = link.shares[sample];
        if (n === null || share === null) continue;
        weighted += n * share;
        records += n;
      }
      const shares = out.get(link.soc2010) ?? new Map<string, number>();
      shares.set(link.soc2020, records > 0 ? weighted / records : 0);
      out.set(link.soc2010, shares);
    }
  }
  return out;
}
