import { Parser } from 'htmlparser2';
import type { TextPart } from '../../domain/how-to-become.js';

/**
 * Publisher HTML (the NCS export's rich-text fields) to plain-text parts: a paragraph's text and
 * the list that follows it. No markup survives: tags are dropped, entities decoded (by
 * htmlparser2), and what a script, style or embedded object holds is never read as text. A link
 * keeps its text and its address, as "text (https://...)".
 *
 * htmlparser2 rather than regular expressions: it tokenises like a browser (unclosed tags,
 * attributes with `>` in quotes, `<script>` bodies as raw text), decodes every HTML entity, and
 * streams without building a tree, which is all plain-text extraction needs.
 */

/** Elements whose contents are never text for a reader. */
const HIDDEN = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'head',
  'title',
  'textarea',
  'select',
]);
/** Elements that end a paragraph. */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'tr',
  'pre',
  'dl',
  'dt',
  'dd',
  'br',
  'hr',
]);
const LISTS = new Set(['ul', 'ol']);
/** Link addresses worth keeping: the web and e-mail, never `javascript:` or `data:`. */
const KEPT_ADDRESS = /^(?:https?:\/\/|mailto:)/i;

/** `base`: the site the HTML is from, against which a link from its root ("/find-a-course") resolves. */
export function htmlToParts(html: string | null | undefined, base?: string): TextPart[] {
  if (!html) return [];
  const parts: TextPart[] = [];
  let text = '';
  let item: string | null = null;
  let list: string[] | null = null;
  let hidden = 0;
  const links: { href: string | null; start: number }[] = [];

  const flushText = (): void => {
    const clean = collapse(text);
    text = '';
    if (clean) parts.push({ text: clean, items: null });
  };
  const append = (chunk: string): void => {
    if (item !== null) item += chunk;
    else text += chunk;
  };
  const current = (): string => (item !== null ? item : text);
  const closeLink = (): void => {
    const link = links.pop();
    const label = collapse(current().slice(link?.start ?? 0));
    if (link?.href && KEPT_ADDRESS.test(link.href) && label !== link.href) append(` (${link.href})`);
  };
  const closeList = (items: string[]): void => {
    if (items.length === 0) return;
    // A list belongs to the paragraph that introduces it ("Courses include:"), when there is one.
    const last = parts.at(-1);
    if (last && last.items === null && /[:]$/.test(last.text ?? '')) last.items = items;
    else parts.push({ text: null, items });
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (HIDDEN.has(name)) {
          hidden++;
          return;
        }
        if (hidden > 0) return;
        if (name === 'a') links.push({ href: address(attributes.href, base), start: current().length });
        else if (LISTS.has(name)) {
          flushText();
          list = [];
        } else if (name === 'li') {
          if (list === null) {
            flushText();
            list = [];
          }
          item = '';
        } else if (BLOCKS.has(name)) {
          if (item !== null) item += ' ';
          else flushText();
        }
      },
      ontext(chunk) {
        if (hidden === 0) append(chunk);
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) {
          hidden = Math.max(0, hidden - 1);
          return;
        }
        if (hidden > 0) return;
        if (name === 'a') closeLink();
        else if (name === 'li' && item !== null) {
          const clean = collapse(item);
          item = null;
          if (clean && list) list.push(clean);
        } else if (LISTS.has(name) && list !== null) {
          const items = list;
          list = null;
          closeList(items);
        } else if (BLOCKS.has(name) && item === null) flushText();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  if (item !== null && list !== null) {
    const clean = collapse(item);
    if (clean) (list as string[]).push(clean);
  }
  if (list !== null && (list as string[]).length > 0) parts.push({ text: null, items: list });
  flushText();
  return parts;
}

/** The HTML as one line of plain text (paragraphs and list items joined by spaces); null when empty. */
export function htmlToText(html: string | null | undefined, base?: string): string | null {
  const words = htmlToParts(html, base)
    .flatMap((part) => [part.text, ...(part.items ?? [])])
    .filter((t): t is string => t !== null);
  return words.length > 0 ? words.join(' ') : null;
}

function address(href: string | undefined, base: string | undefined): string | null {
  const trimmed = href?.trim();
  if (!trimmed) return null;
  return base && trimmed.startsWith('/') && !trimmed.startsWith('//') ? new URL(trimmed, base).href : trimmed;
}

function collapse(text: string): string {
  // Non-breaking and other Unicode spaces count as spaces; spaces before punctuation are the markup's, not the author's.
  return text
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/ ([.,;:!?)])/g, '$1')
    .trim();
}
