import type { FastifyInstance } from 'fastify';

/** How a retired route is announced: the day it was deprecated and the day it will be removed. */
interface DeprecationNotice {
  /** ISO date (YYYY-MM-DD) the deprecation was announced. */
  since: string;
  /** ISO date (YYYY-MM-DD) after which the route may be removed (in a new major version). */
  sunset: string;
  /** Where the change is explained (the CHANGELOG entry); sent as `Link: <...>; rel="deprecation"`. */
  link?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks the route deprecated: `Deprecation` and `Sunset` headers, `deprecated: true` in the OpenAPI document. */
    deprecation?: DeprecationNotice;
  }
}

function day(iso: string, what: string): Date {
  const date = new Date(`${iso}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(date.getTime())) {
    throw new Error(`deprecation ${what} must be a YYYY-MM-DD date, not ${JSON.stringify(iso)}`);
  }
  return date;
}

/** The three headers a deprecated route sends: RFC 9745 `Deprecation`, RFC 8594 `Sunset` and its `Link`. */
export function deprecationHeaders(notice: DeprecationNotice): Record<string, string> {
  const since = day(notice.since, 'since');
  const sunset = day(notice.sunset, 'sunset');
  if (sunset <= since) throw new Error('a deprecation sunset must come after its since date');
  return {
    // RFC 9745: a structured-field date, seconds since the epoch.
    deprecation: `@${since.getTime() / 1000}`,
    sunset: sunset.toUTCString(),
    ...(notice.link ? { link: `<${notice.link}>; rel="deprecation"` } : {}),
  };
}

/**
 * Routes whose config carries a `deprecation` notice are marked `deprecated` in the OpenAPI
 * document and send the notice's headers on every answer, problems included. Registered before
 * the routes (the hook sees only routes added after it).
 */
export function registerDeprecations(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const notice = route.config?.deprecation;
    if (!notice) return;
    const headers = deprecationHeaders(notice);
    route.schema = { ...(route.schema ?? {}), deprecated: true };
    const onSend = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [
      ...onSend,
      async (_request, reply, payload) => {
        reply.headers(headers);
        return payload;
      },
    ];
  });
}
