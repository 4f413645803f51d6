/**
 * The layers of the house (docs/architecture.md): ingest -> domain <- store <- queries <- routes,
 * with http used by routes and the app only. `test/architecture/layers.test.ts` runs these rules,
 * so they keep holding; `npx depcruise src` prints any violation with the rule's comment.
 */
const layer = (name) => `^src/${name}/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules import each other in a circle: split the shared part into its own module.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'domain-is-the-shared-vocabulary',
      comment: 'src/domain is what every layer shares and nothing else: it imports only itself.',
      severity: 'error',
      from: { path: layer('domain') },
      to: { path: '^src/', pathNot: layer('domain') },
    },
    {
      name: 'store-knows-only-the-domain',
      comment: 'The store writes and reads rows of domain types; it never sees parsers, queries or HTTP.',
      severity: 'error',
      from: { path: layer('store') },
      to: { path: '^src/', pathNot: [layer('store'), layer('domain')] },
    },
    {
      name: 'sql-lives-in-the-store',
      comment: 'Every query of the database is in src/store, where the parity suite reads it on both dialects.',
      severity: 'error',
      from: { path: '^src/', pathNot: layer('store') },
      to: { path: '^node_modules/kysely/' },
    },
    {
      name: 'queries-are-not-http-or-ingest',
      comment: 'Queries turn published rows into response objects: no parser, descriptor, request or route.',
      severity: 'error',
      from: { path: layer('queries') },
      to: {
        path: [
          layer('ingest'),
          layer('http'),
          layer('routes'),
          layer('cli'),
          '^src/(app|server|services|runtime)\\.ts$',
        ],
      },
    },
    {
      name: 'shared-queries-know-no-group',
      comment:
        'The modules at the root of src/queries (current editions, memo, provenance) are what every group shares: they import no group folder.',
      severity: 'error',
      from: { path: '^src/queries/[^/]+\\.ts$' },
      to: { path: '^src/queries/[^/]+/' },
    },
    {
      name: 'schemas-describe-the-domain',
      comment: 'Resource schemas import only the domain (and each other).',
      severity: 'error',
      from: { path: layer('schemas') },
      to: { path: '^src/', pathNot: [layer('schemas'), layer('domain')] },
    },
    {
      name: 'search-is-pure',
      comment: 'The job-title index works on domain records only.',
      severity: 'error',
      from: { path: layer('search') },
      to: { path: '^src/', pathNot: [layer('search'), layer('domain')] },
    },
    {
      name: 'handlers-never-touch-the-store-or-ingest',
      comment: 'Routes parse, call a query and reply: no SQL, no store, no parsers.',
      severity: 'error',
      from: { path: layer('routes') },
      to: { path: [layer('store'), layer('ingest')] },
    },
    {
      name: 'http-is-below-routes',
      comment: 'HTTP plugins are used by routes and the app; they never import a route or the ingest.',
      severity: 'error',
      from: { path: layer('http') },
      to: { path: [layer('routes'), layer('ingest'), layer('cli')] },
    },
    {
      name: 'explorer-renders-what-the-queries-answer',
      comment:
        'The web explorer renders the response objects of the query layer (through app.services): no SQL, parsers, HTTP plugins or routes.',
      severity: 'error',
      from: { path: layer('explore') },
      to: { path: [layer('store'), layer('ingest'), layer('http'), layer('routes'), layer('cli')] },
    },
    {
      name: 'ingest-writes-through-the-store',
      comment: 'The ingest reads upstream files into domain rows and stages them through the store; it never serves.',
      severity: 'error',
      from: { path: layer('ingest') },
      to: { path: [layer('queries'), layer('routes'), layer('http'), layer('schemas'), layer('cli')] },
    },
    {
      name: 'webhooks-deliver-off-the-request-path',
      comment:
        'The webhook deliverer reads its outbox through the store and each entry through the change feed query; it never imports a route, an HTTP plugin, the explorer or the CLI.',
      severity: 'error',
      from: { path: layer('webhooks') },
      to: { path: [layer('routes'), layer('http'), layer('explore'), layer('cli')] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // src, and kysely only so that sql-lives-in-the-store can see who imports it.
    includeOnly: '^(src/|node_modules/kysely/)',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
