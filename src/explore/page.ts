import { html, type Interpolation, type SafeHtml } from '../html.js';

/** Where the explorer lives, and its two assets. */
export const EXPLORE = '/explore';
export const STYLESHEET = `${EXPLORE}/explore.css`;
export const ICON = `${EXPLORE}/icon.svg`;

/**
 * The explorer's pages run no script at all and load nothing from elsewhere: its stylesheet and
 * icon come from this server, forms post only here, and no other site may frame it.
 */
export const EXPLORE_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;

/**
 * The embeddable comparison: the same strict policy, except that the sites of
 * LMI_EMBED_FRAME_ANCESTORS (any, by default) may frame it, and its links open outside the frame.
 */
export function embedSecurityHeaders(frameAncestors: string): Record<string, string> {
  return {
    'content-security-policy': `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors ${frameAncestors}; base-uri 'none'`,
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
  };
}

export function searchForm(q = '', label = 'Search for a job'): SafeHtml {
  return html`<form class="search" method="get" action="${EXPLORE}" role="search">
<label for="q">${label}</label><input id="q" name="q" type="search" value="${q}" maxlength="200" required placeholder="e.g. nurse, plumber, software developer" autocomplete="off"><button type="submit">Search</button>
</form>`;
}

const NAV: ReadonlyArray<[string, string]> = [
  [EXPLORE, 'Find a job'],
  [`${EXPLORE}/compare`, 'Compare jobs'],
  [`${EXPLORE}/embed`, 'For schools'],
  [`${EXPLORE}/downloads`, 'Downloads'],
];

function head(title: string, embed = false): SafeHtml {
  return html`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – UK jobs explorer</title>
<meta name="description" content="Pay, jobs, outlook and routes in for every UK occupation, from official statistics.">
<link rel="stylesheet" href="${STYLESHEET}"><link rel="icon" href="${ICON}" type="image/svg+xml">${embed ? html`<base target="_blank">` : null}
</head><body${embed ? html` class="embed"` : null}>`;
}

interface PageOptions {
  /** The search box's text; the box is left out where the body has its own (`search: false`). */
  q?: string;
  search?: boolean;
}

/** A page of the explorer: the site's header and navigation, the body, and a footer saying where the figures come from. */
export function page(title: string, body: Interpolation, options: PageOptions = {}): SafeHtml {
  const { q = '', search = true } = options;
  return html`${head(title)}
<a class="skip" href="#main">Skip to content</a>
<header class="site"><div class="wrap"><a class="home" href="${EXPLORE}"><img src="${ICON}" alt="" width="24" height="24"> UK jobs explorer</a>
<nav class="site" aria-label="Site"><ul>${NAV.map(([href, text]) => html`<li><a href="${href}">${text}</a></li>`)}</ul></nav></div></header>
<main id="main" class="wrap">${search ? searchForm(q) : null}${body}</main>
<footer class="site"><div class="wrap"><p>Every figure comes from an official release: the Office for National Statistics (ONS) and its Nomis service, the Department for Education and Skills England, the National Careers Service, the Institute for Apprenticeships and Technical Education, the Home Office and others. Each names its release and credit beneath it; a figure too unreliable to show, or withheld by its publisher, is written as such, never as zero.</p>
<p><a href="/v1/meta/sources">Sources</a> · <a href="/docs">For developers: the JSON API</a> · <a href="${EXPLORE}/embed">Embed a job comparison</a></p></div></footer>
</body></html>`;
}

/** The embeddable page: no site chrome, a link back to the explorer, and links that open outside the frame. */
export function embedPage(title: string, body: Interpolation): SafeHtml {
  return html`${head(title, true)}
<main id="main" class="wrap">${body}</main>
</body></html>`;
}
