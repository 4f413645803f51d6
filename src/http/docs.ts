import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { SourceProfile } from '../domain/sources.js';

const API_DESCRIPTION = `Labour market information for the 412 UK SOC 2020 occupations, from open datasets.
Every figure carries its quality, its coverage and the exact upstream release it came from.
Resolve a job title to a code with /v1/occupations/search, then use the code with the other endpoints.
Errors are RFC 9457 problem details. Keys are free: POST /v1/keys/requests.
Which figures exist: /v1/meta/sources lists every source with the release being served, or a status saying none has been ingested; an endpoint whose source has no release answers 404 naming the source and where its publisher publishes it. Examples marked illustrative show the shape of a response with made-up figures, never data.`;

/** The licence of the code (package.json's `license`); the data's licences are those of its sources. */
const CODE_LICENCE = { name: 'MIT', identifier: 'MIT' };

export interface DocTag {
  name: string;
  description: string;
}

interface DocsOptions {
  /** Where callers reach the API (LMI_PUBLIC_URL): the document's one server. */
  publicUrl: string;
  /** Every tag the routes use, with what the group is for. */
  tags: readonly DocTag[];
  /** The registered sources, whose licences the data is under. */
  sources: readonly SourceProfile[];
}

/** A paragraph per licence, naming the publishers whose data is under it (from the registered sources). */
function dataLicences(sources: readonly SourceProfile[]): string {
  const publishers = new Map<string, Set<string>>();
  for (const { licence, publisher } of sources) {
    if (!publishers.has(licence)) publishers.set(licence, new Set());
    publishers.get(licence)!.add(publisher);
  }
  const lines = [...publishers].map(([licence, names]) => `- ${licence}: data of ${[...names].join('; ')}`);
  return `The code is under the ${CODE_LICENCE.name} licence. The data keeps its publishers' licences; each response's \`provenance\` names its source and licence, and /v1/meta/sources lists them all:\n\n${lines.join('\n')}`;
}

type OpenApiDocument = {
  paths?: Record<
    string,
    Record<string, { parameters?: Array<{ required?: boolean; schema?: { default?: unknown } }> }>
  >;
};

/**
 * A parameter with a default may be left out, so it is optional in the document. (The request
 * schemas mark such properties required only because Ajv fills the default in before checking,
 * which types the handlers with the value always present.)
 */
function defaultedParametersOptional<T>(document: T): T {
  for (const operations of Object.values((document as OpenApiDocument).paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters ?? [])
        if (parameter.schema?.default !== undefined) parameter.required = false;
    }
  }
  return document;
}

type MediaExamples = Record<string, unknown>;
type RouteSchema = { response?: Record<string, { content?: Record<string, { examples?: MediaExamples }> }> };
type DocumentResponses = {
  paths?: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { examples?: MediaExamples }> }> }>
  >;
};

/** Every media type of every response of every operation in the document. */
function* responseMedia(document: DocumentResponses) {
  for (const [path, operations] of Object.entries(document.paths ?? {}))
    for (const [method, operation] of Object.entries(operations))
      for (const [status, response] of Object.entries(operation.responses ?? {}))
        for (const [type, media] of Object.entries(response.content ?? {})) yield { path, method, status, type, media };
}

/**
 * The examples of the routes' success responses, as the routes declare them. The generator walks
 * examples as if they were schemas and drops any `definitions` member (a field of some resources),
 * so the declared examples are collected before it runs and put back after.
 */
function declaredExamples() {
  const examples = new Map<string, MediaExamples>();
  const key = (method: string, url: string) => `${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
  return {
    collect: ({ schema, url, route }: { schema: unknown; url: string; route: { method: string | string[] } }) => {
      for (const [status, response] of Object.entries((schema as RouteSchema | undefined)?.response ?? {})) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (media.examples)
            for (const method of [route.method].flat())
              examples.set(`${key(method, url)} ${status} ${type}`, media.examples);
        }
      }
      return { schema: schema as never, url };
    },
    restore<T>(document: T): T {
      for (const { path, method, status, type, media } of responseMedia(document as DocumentResponses)) {
        const declared = examples.get(`${key(method, path)} ${status} ${type}`);
        if (declared) media.examples = declared;
      }
      return document;
    },
  };
}

/** OpenAPI 3.1 generated from the route schemas, at /v1/openapi.json, and a docs page served locally. */
export async function registerDocs(app: FastifyInstance, options: DocsOptions): Promise<void> {
  const examples = declaredExamples();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'uk-lmi: UK occupations labour market information',
        version: 'v1',
        description: `${API_DESCRIPTION}\n\n${dataLicences(options.sources)}`,
        license: CODE_LICENCE,
      },
      servers: [{ url: options.publicUrl, description: 'This deployment' }],
      tags: [...options.tags],
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      },
      security: [{ apiKey: [] }],
    },
    hideUntagged: true,
    stripBasePath: false,
    transform: examples.collect,
    transformObject: (document) =>
      'openapiObject' in document
        ? examples.restore(defaultedParametersOptional(document.openapiObject))
        : document.swaggerObject,
  });
  // The docs page's own assets and routes need no key (the hook sees only routes added after it).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) route.config = { ...(route.config ?? {}), access: 'open' };
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { deepLinking: true },
    uiHooks: {},
  });
  app.get('/v1/openapi.json', { config: { access: 'open' }, schema: { hide: true } }, async () => app.swagger());
}
