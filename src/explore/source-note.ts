import type { SourceCatalog } from '../domain/sources.js';
import type { Provenance } from '../queries/provenance.js';
import { externalLink, html, type SafeHtml } from '../html.js';
import { bandsNote } from './format.js';

interface Coverage {
  population: string;
  includesSelfEmployed: boolean;
  referencePeriod: string;
  note: string;
}

interface SourceNoteParts {
  coverage?: Coverage;
  /** A response's own required credit (`attribution`) or citation (`citation`), shown as given. */
  attribution?: string;
  citation?: string;
  /** How the figures were worked out (a response's `derivation`) and the method page it links. */
  derivation?: { text: string; method?: string };
  /** The publisher's quality bands of the figures shown (the tables say them in a reader's words). */
  bands?: readonly string[];
}

/**
 * Under every figure: its publisher and dataset, and the credit its licence requires (the source's
 * attribution from the registry, and the response's own where it has one), always shown; how it
 * was worked out, what it counts and the exact release it came from one click away (issue 48: the
 * technical detail never hidden, never in the reader's way).
 */
export function sourceNote(provenance: Provenance, catalog: SourceCatalog, parts: SourceNoteParts = {}): SafeHtml {
  const profile = catalog.profiles.find((p) => p.name === provenance.source);
  const credits = [...new Set([profile?.attribution, parts.attribution].filter((t): t is string => Boolean(t)))];
  const coverage = parts.coverage;
  return html`<footer class="source">
<p class="provenance"><strong>Source:</strong> ${provenance.publisher}: ${externalLink(provenance.url, provenance.source)}.</p>
${credits.map((text) => html`<p class="attribution">${text}</p>`)}
${parts.citation ? html`<p class="citation"><strong>Cite as:</strong> ${parts.citation}</p>` : null}
<details class="release"><summary>About these figures</summary>
${parts.derivation ? html`<p class="derivation"><strong>How they are worked out:</strong> ${parts.derivation.text}${parts.derivation.method ? html` <a href="${parts.derivation.method}">The method</a>.` : null}</p>` : null}
${parts.bands ? bandsNote(parts.bands) : null}
${coverage ? html`<p class="coverage"><strong>Counts:</strong> ${coverage.population} (${coverage.includesSelfEmployed ? 'self-employed included' : 'self-employed not included'}), ${coverage.referencePeriod}. ${coverage.note}</p>` : null}
<p><strong>Release:</strong> ${provenance.edition}${provenance.published ? `, served since ${provenance.published.slice(0, 10)}` : ''}. <strong>Licence:</strong> ${provenance.licence}.</p>
</details>
</footer>`;
}
