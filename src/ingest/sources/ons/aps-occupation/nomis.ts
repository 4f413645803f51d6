import type { Discovery, DiscoveryContext, ReleaseRef } from '../../../discovery.js';
import { NOMIS_COLUMNS } from './parse.js';

/**
 * How Nomis says which periods NM_218_1 holds (README "Over HTTPS" cites the evidence): the
 * dataset's definition (`NM_218_1.def.sdmx.json`) gives its name, its time codelist and when the dataset was
 * last updated; the codelist (`codelist/<id>.def.sdmx.json`) lists every period, `2025-12` named
 * `Jan 2025-Dec 2025`. Neither answer has been recorded: the shapes are from third-party clients.
 */

export const NOMIS_API = 'https://www.nomisweb.co.uk/api/v01';
export const NOMIS_DATASET = 'NM_218_1';
export const NOMIS_DATA = `${NOMIS_API}/dataset/${NOMIS_DATASET}.data.csv`;
export const NOMIS_DEFINITION = `${NOMIS_API}/dataset/${NOMIS_DATASET}.def.sdmx.json`;
export const DATASET_PAGE = 'https://www.nomisweb.co.uk/datasets/apsnew';
const FOLDER = 'aps-employment-4digit';

/**
 * The UK, England, Wales, Scotland and Northern Ireland by Nomis code. Asked by code, not as
 * `TYPE499`: Nomis's "countries" also holds Great Britain and England and Wales, which would add
 * rows (and pages) this source skips.
 */
const AREAS = ['2092957697', '2092957699', '2092957700', '2092957701', '2092957702'];
/** c_sex, ftpt and etype 0,1,2 each; 412 unit groups; measures value and confidence. */
const ROWS = AREAS.length * 3 * 3 * 3 * 412 * 2;
/** The public API serves 25,000 rows a call (nomisr pages by RECORD_COUNT in steps of 25,000). */
const PAGE_ROWS = 25_000;
/** Pages the query can need (111,240 rows: 5). A ref names its files up front; a shorter answer leaves pages empty. */
const NOMIS_PAGES = Math.ceil(ROWS / PAGE_ROWS);

/** The Nomis API query of one Jan-Dec period: the UK and nations, all breakdowns, counts and intervals, paged. */
export function nomisRefs(base: string, years: number[]): ReleaseRef[] {
  return years.map((year) => {
    const query =
      `${base}?geography=${AREAS.join(',')}&date=${year}-12&c_sex=0,1,2&jtype=0&ftpt=0,1,2&etype=0,1,2` +
      `&soc2020_full=1...412&measure=1&measures=20100,20701&select=${NOMIS_COLUMNS.join(',').toLowerCase()}`;
    const page = (k: number) => ({
      mirrorPath: `${FOLDER}/nomis-api-${year}-p${k + 1}.csv`,
      url: k === 0 ? query : `${query}&RecordOffset=${PAGE_ROWS * k}`,
    });
    return {
      label: `APS people in employment by SOC 2020 unit group, UK and nations, January-December ${year}: Nomis API query of NM_218_1`,
      seriesKey: String(year),
      location: page(0),
      companions: Array.from({ length: NOMIS_PAGES - 1 }, (_, k) => page(k + 1)),
    };
  });
}

/** Nomis's JSON gives a one-element list as the element itself. */
type OneOrMany<T> = T | T[] | null | undefined;
const many = <T>(value: OneOrMany<T>): T[] => (value == null ? [] : Array.isArray(value) ? value : [value]);

/** A scalar of Nomis's JSON (codes and texts come as strings or numbers). */
type Scalar = string | number | null | undefined;
interface Annotated {
  annotations?: { annotation?: OneOrMany<{ annotationtitle?: Scalar; annotationtext?: Scalar }> } | null;
}
interface KeyFamily extends Annotated {
  id?: unknown;
  name?: { value?: Scalar } | null;
  components?: { timedimension?: { codelist?: unknown } | null } | null;
}
interface NomisCode extends Annotated {
  value?: Scalar;
  description?: { value?: Scalar } | null;
}
interface NomisStructure {
  structure?: {
    keyfamilies?: { keyfamily?: OneOrMany<KeyFamily> } | null;
    codelists?: { codelist?: OneOrMany<{ id?: unknown; code?: OneOrMany<NomisCode> }> } | null;
  } | null;
}

function annotation(item: Annotated, title: string): string | null {
  const found = many(item.annotations?.annotation).find((a) => a.annotationtitle === title);
  return found?.annotationtext == null ? null : String(found.annotationtext);
}

/** A Jan-Dec period the codelist offers. */
interface NomisPeriod {
  year: number;
  /** Nomis's code (`2025-12`) and name (`Jan 2025-Dec 2025`). */
  code: string;
  name: string;
  /** The period's `CurrentRevisionReleased` annotation, when the codelist gives one. */
  released: string | null;
}

/** The dataset's name, time codelist and last update, from its definition; anything else is not a layout read here. */
async function nomisDefinition(
  context: DiscoveryContext,
): Promise<{ name: string | null; codelist: string; lastUpdated: string | null }> {
  const body = await context.getJson<NomisStructure>(NOMIS_DEFINITION);
  const family = many(body?.structure?.keyfamilies?.keyfamily).find((k) => k.id === NOMIS_DATASET);
  const codelist = family?.components?.timedimension?.codelist;
  if (!family || typeof codelist !== 'string' || !/^CL_\w+$/.test(codelist))
    throw new Error(
      `${NOMIS_DEFINITION} is not a Nomis dataset definition naming ${NOMIS_DATASET}'s time codelist (structure.keyfamilies.keyfamily[].components.timedimension.codelist)`,
    );
  const name = family.name?.value == null ? '' : String(family.name.value).trim();
  return { name: name === '' ? null : name, codelist, lastUpdated: annotation(family, 'LastUpdated') };
}

/**
 * The January-December periods in the codelist, oldest first. APS periods are coded by their last
 * month; a `yyyy-12` code named otherwise than `Jan yyyy-Dec yyyy` is a coding this source does not
 * know, and refuses. Rolling periods (`2025-09`, `Oct 2024-Sep 2025`) are not read; a period
 * marked `Scheduled` is not out yet.
 */
function janDecPeriods(body: NomisStructure, url: string): NomisPeriod[] {
  const lists = many(body?.structure?.codelists?.codelist);
  if (lists.length !== 1) throw new Error(`${url} is not one Nomis codelist (structure.codelists.codelist)`);
  const codes = many(lists[0]!.code);
  const periods: NomisPeriod[] = [];
  for (const item of codes) {
    const code = String(item.value ?? '');
    const name = String(item.description?.value ?? '');
    const year = /^(\d{4})-12$/.exec(code)?.[1];
    if (!year) continue;
    if (name !== `Jan ${year}-Dec ${year}`)
      throw new Error(
        `${url}: period ${code} is named "${name}", not "Jan ${year}-Dec ${year}" as APS 12-month periods are`,
      );
    if (annotation(item, 'CurrentRevisionStatus') === 'Scheduled') continue;
    periods.push({ year: Number(year), code, name, released: annotation(item, 'CurrentRevisionReleased') });
  }
  if (periods.length === 0)
    throw new Error(
      `${url} offers no January-December period (a code yyyy-12 named "Jan yyyy-Dec yyyy"); its first codes: ${codes
        .slice(0, 3)
        .map((c) => `${String(c.value)} "${String(c.description?.value)}"`)
        .join(', ')}`,
    );
  return periods.sort((a, b) => a.year - b.year);
}

/** `2024-08-13 07:00:00` -> `2024-08-13`; null for anything else. */
const isoDay = (text: string | null) => /^(\d{4}-\d{2}-\d{2})\b/.exec(text ?? '')?.[1] ?? null;

/**
 * Every Jan-Dec period Nomis offers, one series each: the employment series shows every period, and
 * there is one a year. A period is fingerprinted by its code and its own release annotation (else
 * the dataset's last update), so an unchanged period is not downloaded again.
 */
export async function discoverNomisPeriods(context: DiscoveryContext): Promise<Discovery> {
  const { name, codelist, lastUpdated } = await nomisDefinition(context);
  const url = `${NOMIS_API}/codelist/${codelist}.def.sdmx.json`;
  const periods = janDecPeriods(await context.getJson<NomisStructure>(url), url);
  const refs = nomisRefs(
    NOMIS_DATA,
    periods.map((p) => p.year),
  );
  return {
    releases: refs.map((ref, i) => {
      const { code, released } = periods[i]!;
      const stamp = released ? `released ${released}` : lastUpdated ? `dataset updated ${lastUpdated}` : null;
      return {
        ...ref,
        // As Nomis names it: the dataset's name, then the period's (`Jan 2025-Dec 2025`).
        ...(name ? { label: `${name}: ${periods[i]!.name}` } : {}),
        releasedAt: isoDay(released),
        pageUrl: DATASET_PAGE,
        ...(stamp ? { fingerprint: `${NOMIS_DATASET} ${code} ${stamp}` } : {}),
      };
    }),
  };
}
