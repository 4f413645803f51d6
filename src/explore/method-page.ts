import path from 'node:path/posix';
import { Marked, type Tokens } from 'marked';
import { html, SafeHtml } from '../html.js';
import { EXPLORE, page } from './page.js';

/**
 * The repository's own docs pages (`docs/*.md`, `docs/methods/*.md`) as HTML in the explorer's
 * layout. Their Markdown is trusted as the service's own text (it is in the repository, never
 * upstream's), so it is rendered as written; links that leave the docs folder (to bench/ or src/,
 * which the service does not serve) become plain text, so a page has no broken link.
 */
function markedFor(pagePath: string): Marked {
  return new Marked({
    gfm: true,
    renderer: {
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link): string {
        const text = this.parser.parseInline(token.tokens);
        if (/^(https?:|mailto:|#)/i.test(token.href)) return `<a href="${token.href}">${text}</a>`;
        const target = path.normalize(path.join(path.dirname(pagePath), token.href));
        return target.startsWith('/docs/') ? `<a href="${target}">${text}</a>` : text;
      },
    },
  });
}

/** A docs page (`/docs/methods/vacancies.md`) as an explorer page titled by its first heading. */
export function methodPage(pagePath: string, markdown: string): SafeHtml {
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1] ?? path.basename(pagePath, '.md');
  const body = markedFor(pagePath).parse(markdown, { async: false });
  return page(
    title.replace(/[`*_]/g, ''),
    html`<p class="breadcrumbs"><a href="${EXPLORE}">Home</a> › How the figures are worked out</p><article class="method">${new SafeHtml(body)}</article><p class="muted">The Markdown of this page: <code>${pagePath}</code> with <code>Accept: text/markdown</code>.</p>`,
  );
}
