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

function searchForm(q = ''): SafeHtml {
  return html`<form class="search" method="get" action="${EXPLORE}" role="search">
<label for="q">Job title</label> <input id="q" name="q" type="search" value="${q}" maxlength="200" required placeholder="e.g. software developer">
<button type="submit">Search</button>
</form>`;
}

export function page(title: string, body: Interpolation, q = ''): SafeHtml {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – uk-lmi explorer</title>
<link rel="stylesheet" href="${STYLESHEET}"><link rel="icon" href="${ICON}" type="image/svg+xml">
</head><body>
<header class="site"><a class="home" href="${EXPLORE}">uk-lmi explorer</a>${searchForm(q)}</header>
<main>${body}</main>
<footer class="site"><p>Figures come from the same query layer as the JSON API (<a href="/docs">API reference</a>, <a href="/v1/meta/sources">sources</a>). Every figure names its release and its publisher's required credit beneath it. A withheld figure is written “withheld”, never as zero.</p></footer>
</body></html>`;
}
