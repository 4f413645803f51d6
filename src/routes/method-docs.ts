import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { methodPage } from '../explore/method-page.js';
import { EXPLORE_SECURITY_HEADERS } from '../explore/page.js';

/** The repository's docs folder: two levels up from src/routes (or dist/routes). */
const DOCS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs');

/** The markdown pages of a docs folder, read once: name -> text. */
function pagesIn(folder: string): Map<string, string> {
  const dir = path.join(DOCS, folder);
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((name) => /^[a-z0-9-]+\.md$/.test(name))
      .map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]),
  );
}

/** A page's HTML, rendered once: the docs are the repository's and never change while the service runs. */
function remember(rendered: Map<string, string>, name: string, folder: string, text: string): string {
  const markup = methodPage(`/docs/${folder ? `${folder}/` : ''}${name}`, text).markup;
  rendered.set(name, markup);
  return markup;
}

const PageParamsSchema = Type.Object({ page: Type.String({ pattern: '^[a-z0-9-]+\\.md$' }) });

/**
 * The docs pages a response's `method` links to (`/docs/methods/work-profile.md#weights`), at the
 * path they have in the repository, so the link works against the service and in a checkout alike:
 * as an HTML page to a browser (whose Accept names text/html), as Markdown to anything else. Open
 * like the rest of /docs.
 */
export const methodDocRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const folder of ['', 'methods']) {
    const pages = pagesIn(folder);
    const rendered = new Map<string, string>();
    app.get(
      `/docs/${folder ? `${folder}/` : ''}:page`,
      { config: { access: 'open' }, schema: { hide: true, params: PageParamsSchema } },
      async (request, reply) => {
        const text = pages.get(request.params.page);
        if (text === undefined) return reply.callNotFound();
        reply.header('vary', 'Accept');
        if (/text\/html/.test(request.headers.accept ?? ''))
          return reply
            .headers(EXPLORE_SECURITY_HEADERS)
            .type('text/html; charset=utf-8')
            .send(rendered.get(request.params.page) ?? remember(rendered, request.params.page, folder, text));
        return reply.type('text/markdown; charset=utf-8').send(text);
      },
    );
  }
};
