import { html, type SafeHtml } from '../html.js';
import type { IssuedKeyResponse } from './key-issuance.js';

/** Pages are plain server HTML: no scripts, nothing loaded from elsewhere. */
export const PAGE_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} – uk-lmi</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}
button{font:inherit;padding:.6rem 1.2rem;cursor:pointer}code{font-size:1.05rem;background:#f3f3f3;padding:.4rem;display:block;overflow-wrap:anywhere}</style>
</head><body><h1>${title}</h1>${body}</body></html>`.markup;
}

/**
 * What the e-mailed link opens. A GET with no side effects, so mail scanners that fetch links
 * cannot use up the confirmation; the button posts the token.
 */
export function confirmationPage(token: string): string {
  return page(
    'Get your uk-lmi API key',
    html`<p>Press the button to issue your free API key. It will be shown once, on the next page.</p>
<p>Issuing a key revokes any key this address had before.</p>
<form method="post" action="/v1/keys/confirm">
<input type="hidden" name="token" value="${token}">
<button type="submit">Issue my API key</button>
</form>`,
  );
}

export function issuedKeyPage(issued: IssuedKeyResponse): string {
  const replaced =
    issued.replacedKeys > 0
      ? html`<p>${issued.replacedKeys} earlier key${issued.replacedKeys === 1 ? ' was' : 's were'} revoked.</p>`
      : null;
  return page(
    'Your uk-lmi API key',
    html`<p>Copy it now: this is the only time it is shown. Keep it on your server, not in browser or app code.</p>
<code>${issued.key}</code>
<p>Send it in the <code style="display:inline">X-API-Key</code> header. Tier: ${issued.tier}, ${issued.requestsPerMinute} requests per minute.</p>
${replaced}`,
  );
}

export function confirmationFailedPage(): string {
  return page(
    'This link no longer works',
    html`<p>The link has been used already, has expired, or is not complete. Ask for a new one with <code style="display:inline">POST /v1/keys/requests</code>.</p>`,
  );
}
