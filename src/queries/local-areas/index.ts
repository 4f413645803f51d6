import { areaSlug, type GeographyArea, type LocalArea } from '../../domain/areas.js';
import { geographyAreasOf } from '../../store/local-areas.js';
import type { Db } from '../../store/schema.js';
import type { CurrentEditions } from '../current-editions.js';
import type { EditionsMemo } from '../editions-memo.js';

const GEOGRAPHY = 'ons-geography' as const;
const WHAT = 'Local areas';

/** London's region code: its 33 districts fold into one local area carrying it. */
const LONDON = 'E12000007';

/** Local areas of the current geography edition, alphabetical, built once per edition. */
export class LocalAreas {
  private readonly memo: EditionsMemo<LocalArea[]>;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
  ) {
    this.memo = current.memos.memo({
      name: 'local areas',
      sources: [GEOGRAPHY],
      build: async (editions) => {
        if (!editions[GEOGRAPHY]) throw this.current.unavailable(GEOGRAPHY, WHAT);
        return localAreasOf(await geographyAreasOf(this.db, editions[GEOGRAPHY].id));
      },
    });
  }

  async localAreas(): Promise<LocalArea[]> {
    await this.current.serving(GEOGRAPHY, WHAT);
    return this.memo.get();
  }
}

function localAreasOf(areas: GeographyArea[]): LocalArea[] {
  const localAreas: LocalArea[] = areas
    .filter((a) => a.kind === 'district' && a.regionCode !== LONDON)
    .map((district) => ({
      code: district.code,
      slug: areaSlug(district.name),
      name: district.name,
      region: district.regionName ?? '',
    }));
  const london = areas.find((a) => a.code === LONDON);
  if (london)
    localAreas.push({ code: london.code, slug: areaSlug(london.name), name: london.name, region: london.name });
  return localAreas.sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
}
