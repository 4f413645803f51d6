import { Parser } from 'htmlparser2';

/**
 * The HTTPS addresses a publisher's page links to (`<a href>`), resolved against the page's own
 * address, entities decoded (`&amp;` in a query string), in page order, each once. Links to
 * other schemes (`mailto:`, `javascript:`, plain `http:`) are dropped: only HTTPS is read.
 */
export function linksIn(html: string, pageUrl: string): string[] {
  const links = new Set<string>();
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const href = name === 'a' ? attributes.href?.trim() : undefined;
        if (!href) return;
        try {
          const url = new URL(href, pageUrl);
          if (url.protocol === 'https:') links.add(url.href);
        } catch {
          // An href that is no address (`#`, a template placeholder) names no file.
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return [...links];
}
