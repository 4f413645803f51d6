import { Type, type TObject } from 'typebox';
import type { BulkRecord } from '../../domain/bulk.js';
import type { Edition } from '../../domain/editions.js';
import { Problem, PROBLEM_KINDS } from '../../domain/problems.js';
import type { SourceKey } from '../../domain/sources.js';
import { columnsOf } from './columns.js';
import type { BulkExporter } from './index.js';
import type { CurrentEditions } from '../current-editions.js';
import type { Occupations } from '../occupations/index.js';
import type { Provenance } from '../provenance.js';

/** Unit groups whose records make one page of a file built by the endpoints: a few hundred kB of JSON at most. */
const UNIT_GROUPS_A_PAGE = 20;

/**
 * A bulk file whose records are a per-occupation endpoint's responses, one unit group after another,
 * built by the very method that answers the endpoint.
 */
export interface ResponseFile<R extends object> {
  matches: string;
  note?: string;
  /** The response's schema (which fixes the CSV's columns), or the row's when `rows` reshapes it. */
  schema: TObject;
  /** The endpoint's answers for a unit group (one per area where it takes one). */
  responses(soc: string): Promise<R[]>;
  /**
   * `own`: the response names this source in its provenance: a response is a row of the edition's
   * file only if its provenance names the edition, and loses its provenance, which the file's
   * header and first line give. `joined`: the source is one input of the response (whose
   * provenance names the join's main source, kept): every response is a row.
   */
  from: 'own' | 'joined';
  /** The rows of one response, when they are its list's items; default: the response itself. */
  rows?(response: R, soc: string): object[];
}

function isNotFound(error: unknown): boolean {
  return error instanceof Problem && PROBLEM_KINDS[error.kind].status === 404;
}

/** The responses for a unit group; none where the endpoint answers 404 (no figures for it). */
export async function notFoundAsNone<R>(responses: () => Promise<R[]>): Promise<R[]> {
  try {
    return await responses();
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

/**
 * The exporter of a per-occupation endpoint for a source's current edition: the records are read a
 * page of unit groups at a time, so memory holds one page.
 */
export function responseExporter<R extends object>(
  source: SourceKey,
  file: ResponseFile<R>,
  occupations: Occupations,
  current: CurrentEditions,
): BulkExporter {
  const own = file.from === 'own';
  return {
    matches: file.matches,
    ...(file.note ? { note: file.note } : {}),
    scope: 'current',
    columns: columnsOf(file.schema, own ? ['provenance'] : []),
    async *records(edition: Edition): AsyncGenerator<BulkRecord[]> {
      const profile = current.catalog.profile(source);
      const fromEdition = (p: Provenance) => p.source === profile.name && p.edition === edition.label;
      const { unitGroups } = await occupations.structure();
      for (let at = 0; at < unitGroups.length; at += UNIT_GROUPS_A_PAGE) {
        const page: BulkRecord[] = [];
        for (const { code } of unitGroups.slice(at, at + UNIT_GROUPS_A_PAGE)) {
          for (const response of await notFoundAsNone(() => file.responses(code))) {
            const rows = file.rows ? file.rows(response, code) : [response];
            if (!own) {
              page.push(...rows);
              continue;
            }
            const { provenance, ...rest } = response as R & { provenance: Provenance };
            if (!fromEdition(provenance)) continue;
            page.push(...(file.rows ? rows : [rest]));
          }
        }
        if (page.length > 0) yield page;
      }
    },
  };
}

/** A list's item with the unit group it is listed for in front: `{soc2020, ...item}`. */
export function withUnitGroup(item: TObject): TObject {
  return Type.Object({ soc2020: Type.String(), ...item.properties });
}
