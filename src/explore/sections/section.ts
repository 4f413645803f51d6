import { Problem } from '../../domain/problems.js';
import type { SourceCatalog } from '../../domain/sources.js';
import type { Services } from '../../services.js';
import { html, type SafeHtml } from '../../html.js';

/**
 * One part of an occupation's page: it loads its figures through the same query objects the API
 * uses (`app.services`) and renders them. A query's 404 problem (no release of the source, no
 * figure for the occupation) is shown in the section's place, so a page never fails for one part.
 */
export interface Section<T> {
  /** The anchor the page's contents link to. */
  id: string;
  heading: string;
  /** The API paths the section shows (`{soc}` filled in on the page), so a developer sees where each figure comes from. */
  api: readonly string[];
  load(services: Services, soc: string): Promise<T>;
  render(data: T, context: { catalog: SourceCatalog }): SafeHtml;
}

/** Declares a section with its data type inferred from `load`. */
export function section<T>(definition: Section<T>): Section<T> {
  return definition;
}

/** What the API would have answered in a part's place (no release of the source, no figure for the occupation). */
export function unavailable(problem: Problem): SafeHtml {
  return html`<p class="unavailable"><strong>Not available.</strong> ${problem.detail}</p>`;
}

/** A part of a section that may be missing: its data, or the 404 problem saying why (anything else is an error). */
export async function orProblem<T>(load: Promise<T>): Promise<T | Problem> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof Problem && error.status === 404) return error;
    throw error;
  }
}
