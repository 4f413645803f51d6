import { markdownTable } from './markers.js';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string }[];
  security?: Record<string, string[]>[];
}

/** The parts of the served OpenAPI document the table reads. */
interface ServedDocument {
  paths: Record<string, Record<string, Operation>>;
  security?: Record<string, string[]>[];
  tags?: { name: string }[];
}

/**
 * Every operation of the served /v1/openapi.json (built from the route schemas), grouped by tag in
 * the document's order: method and path, query parameters, whether a key is needed, and the summary.
 */
export function endpointTable(document: ServedDocument): string {
  const tagOrder = (document.tags ?? []).map((t) => t.name);
  const operations = Object.entries(document.paths).flatMap(([route, item]) =>
    Object.entries(item).map(([method, operation]) => ({ route, method, operation })),
  );
  const rank = ({ operation }: (typeof operations)[number]) => {
    const index = tagOrder.indexOf(operation.tags?.[0] ?? '');
    return index < 0 ? tagOrder.length : index;
  };
  const rows = operations
    .map((entry, order) => ({ ...entry, order }))
    .sort((a, b) => rank(a) - rank(b) || a.order - b.order)
    .map(({ route, method, operation }) => {
      const security = operation.security ?? document.security ?? [];
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => `\`${p.name}\``);
      return [
        operation.tags?.[0] ?? '',
        `\`${method.toUpperCase()} ${route}\``,
        query.join(', '),
        security.length > 0 ? 'yes' : 'no',
        operation.summary ?? '',
      ];
    });
  return markdownTable(['group', 'endpoint', 'query parameters', 'key', 'what it answers'], rows);
}
