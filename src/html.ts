/**
 * HTML written by the service (the explorer's pages, the key pages, the confirmation mail) goes
 * through this one module: text is escaped here and nowhere else.
 */

/** Text placed in HTML is escaped: it may come from a caller or an upstream file. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Markup that is already safe: made by `html` (whose interpolations are escaped), never from raw text. */
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

export type Interpolation = SafeHtml | string | number | boolean | null | undefined | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false || value === true) return '';
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * The one way the service writes markup: every interpolated value is escaped unless it is
 * `SafeHtml` made by this same tag, so upstream text (titles, descriptions, notes) can never
 * become markup, whichever template it lands in.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let markup = strings[0]!;
  values.forEach((value, i) => {
    markup += render(value) + strings[i + 1]!;
  });
  return new SafeHtml(markup);
}

/** A link out to a publisher's page: only http(s) addresses become links; anything else stays text. */
export function externalLink(url: string, text: string): SafeHtml {
  return /^https?:\/\//i.test(url) ? html`<a href="${url}" rel="noopener noreferrer">${text}</a>` : html`${text}`;
}
