/**
 * Regenerates the Python client's typed models and methods from the API's OpenAPI document:
 * `npm run client:generate`. The document is the one this checkout serves (built in-process,
 * as for the TypeScript client), or a running server's with `--from <url>`.
 *
 * Writes `src/uk_lmi/_generated.py`: a TypedDict for every object schema of a success body or
 * request body (named by the schema's `title`, else by where it sits), and `Operations`, one method
 * per operationId (snake_case) with its path and query parameters typed from the document. The
 * hand-written `client.py` supplies the transport (`_call`, `_download`) those methods use.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { servedDocument } from '../../typescript/scripts/generate.js';

export const GENERATED_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'src',
  'uk_lmi',
  '_generated.py',
);

interface Schema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  additionalProperties?: boolean | Schema;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

export interface PythonOpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const PY_KEYWORDS = new Set(['from', 'class', 'def', 'in', 'is', 'global', 'import', 'return', 'type', 'lambda']);

const pascal = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
const snake = (text: string): string =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();
const pyLiteral = (value: unknown): string =>
  value === null ? 'None' : typeof value === 'boolean' ? (value ? 'True' : 'False') : JSON.stringify(value);
const isIdentifier = (name: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !PY_KEYWORDS.has(name);
/** A description as one line of a Python docstring: backslashes escaped, no closing quotes inside or at its end. */
const oneLine = (text: string | undefined): string =>
  (text ?? '').replace(/\s+/g, ' ').trim().replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/** Emits the TypedDicts, one per distinct object shape; a shape met again under another name reuses the first. */
class Models {
  private readonly byBody = new Map<string, string>();
  private readonly names = new Set<string>();
  readonly classes: string[] = [];

  /** The Python type of a schema; `hint` names an object class when the schema has no title. */
  typeOf(schema: Schema | undefined, hint: string): string {
    if (!schema) return 'Any';
    if (schema.const !== undefined) return `Literal[${pyLiteral(schema.const)}]`;
    if (schema.enum) return `Literal[${schema.enum.map(pyLiteral).join(', ')}]`;
    const members = schema.anyOf ?? schema.oneOf;
    if (members)
      return this.union(members.map((member, i) => this.typeOf(member, members.length > 2 ? `${hint}${i}` : hint)));
    if (Array.isArray(schema.type)) {
      return this.union(schema.type.map((type) => this.typeOf({ ...schema, type }, hint)));
    }
    switch (schema.type) {
      case 'string':
        return 'str';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'null':
        return 'None';
      case 'array':
        return `List[${this.typeOf(schema.items, `${hint}Item`)}]`;
      case 'object':
        if (schema.properties && Object.keys(schema.properties).length > 0) return this.typedDict(schema, hint);
        if (typeof schema.additionalProperties === 'object')
          return `Dict[str, ${this.typeOf(schema.additionalProperties, `${hint}Value`)}]`;
        return 'Dict[str, Any]';
      default:
        return 'Any';
    }
  }

  private union(types: string[]): string {
    const distinct = [...new Set(types)];
    const nullable = distinct.includes('None');
    const rest = distinct.filter((type) => type !== 'None');
    const inner = rest.length === 1 ? rest[0]! : `Union[${rest.join(', ')}]`;
    if (rest.length === 0) return 'None';
    return nullable ? `Optional[${inner}]` : inner;
  }

  private typedDict(schema: Schema, hint: string): string {
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties!).map(([key, property]) => {
      const type = this.typeOf(property, `${schema.title ?? hint}${pascal(key)}`);
      return { key, type: required.has(key) ? type : `NotRequired[${type}]`, doc: oneLine(property.description) };
    });
    const body = JSON.stringify(fields.map(({ key, type }) => [key, type]));
    const known = this.byBody.get(body);
    if (known) return known;
    let name = schema.title && isIdentifier(schema.title) ? schema.title : hint;
    for (let n = 2; this.names.has(name); n++) name = `${schema.title ?? hint}${n}`;
    this.names.add(name);
    this.byBody.set(body, name);
    const doc = oneLine(schema.description);
    const lines = fields.every(({ key }) => isIdentifier(key))
      ? [
          `class ${name}(TypedDict):`,
          ...(doc ? [`    """${doc}"""`, ''] : []),
          ...fields.map(
            ({ key, type, doc: fieldDoc }) => `    ${key}: ${type}${fieldDoc ? `\n    """${fieldDoc}"""` : ''}`,
          ),
        ]
      : [
          ...(doc ? [`# ${doc}`] : []),
          `${name} = TypedDict(`,
          `    ${JSON.stringify(name)},`,
          `    {${fields.map(({ key, type }) => `${JSON.stringify(key)}: ${JSON.stringify(type)}`).join(', ')}},`,
          ')',
        ];
    this.classes.push(lines.join('\n'));
    return name;
  }
}

/** One operation's method of `Operations`: typed path, body and query parameters, its docstring and its call. */
function operationMethod(models: Models, route: string, method: string, id: string, operation: Operation): string {
  const base = pascal(id);
  const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'));
  const content = success?.[1].content ?? {};
  const json = content['application/json'];
  const streamed = !json && Object.keys(content).length > 0;
  const result = json ? models.typeOf(json.schema, `${base}Result`) : streamed ? 'Path' : 'None';
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const args: string[] = ['self'];
  for (const p of pathParams) args.push(`${snake(p.name)}: str`);
  const body = operation.requestBody?.content?.['application/json'];
  if (body) args.push(`body: ${models.typeOf(body.schema, `${base}Body`)}`);
  const keywords: string[] = [];
  for (const p of queryParams.filter((q) => q.required))
    keywords.push(`${snake(p.name)}: ${models.typeOf(p.schema, `${base}${pascal(p.name)}`)}`);
  if (streamed) keywords.push('to: Union[str, PathLike]');
  for (const p of queryParams.filter((q) => !q.required))
    keywords.push(`${snake(p.name)}: Optional[${models.typeOf(p.schema, `${base}${pascal(p.name)}`)}] = None`);
  if (keywords.length > 0) args.push('*', ...keywords);
  const pathArgs = pathParams.map((p) => `${JSON.stringify(p.name)}: ${snake(p.name)}`).join(', ');
  const queryArgs = queryParams.map((p) => `${JSON.stringify(p.name)}: ${snake(p.name)}`).join(', ');
  const call = streamed
    ? `return self._download(${JSON.stringify(id)}, {${pathArgs}}, {${queryArgs}}, to)`
    : `return self._call(${JSON.stringify(id)}, {${pathArgs}}, {${queryArgs}}${body ? ', body' : ''})`;
  const doc = [
    oneLine(operation.summary) || `${method.toUpperCase()} ${route}`,
    '',
    `        ${method.toUpperCase()} ${route}${streamed ? ', streamed to the file `to` (returned).' : ''}`,
    ...params.filter((p) => p.description).map((p) => `        ${snake(p.name)}: ${oneLine(p.description)}`),
  ].join('\n');
  return `    def ${snake(id)}(${args.join(', ')}) -> ${result}:\n        """${doc}\n        """\n        ${call}`;
}

/** The generated module's text. */
export function pythonClientFile(document: PythonOpenApiDocument): string {
  const models = new Models();
  const methods: string[] = [];
  const operations: string[] = [];
  for (const [route, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const id = operation.operationId;
      methods.push(operationMethod(models, route, method, id, operation));
      operations.push(
        `    ${JSON.stringify(id)}: (${JSON.stringify(method.toUpperCase())}, ${JSON.stringify(route)}),`,
      );
    }
  }
  return [
    '# Generated by `npm run client:generate` from /v1/openapi.json. Do not edit: regenerate.',
    '"""Typed models and methods of the uk-lmi API, generated from its OpenAPI document."""',
    'from __future__ import annotations',
    '',
    'import sys',
    'from os import PathLike',
    'from pathlib import Path',
    'from typing import TYPE_CHECKING, Any, Dict, List, Literal, Mapping, Optional, TypedDict, Union',
    '',
    'if TYPE_CHECKING:',
    '    if sys.version_info >= (3, 11):',
    '        from typing import NotRequired',
    '    else:',
    '        from typing_extensions import NotRequired',
    '',
    '# Every operation of the API by its operationId: the method and path the client calls.',
    'OPERATIONS: Dict[str, tuple] = {',
    ...operations,
    '}',
    '',
    '',
    models.classes.join('\n\n\n'),
    '',
    '',
    'class Operations:',
    '    """One method per operation of the API; the client supplies `_call` and `_download`."""',
    '',
    '    def _call(self, operation_id: str, path: Mapping[str, str], query: Mapping[str, Any], body: Any = None) -> Any:',
    '        raise NotImplementedError',
    '',
    '    def _download(',
    '        self, operation_id: str, path: Mapping[str, str], query: Mapping[str, Any], to: Union[str, PathLike]',
    '    ) -> Path:',
    '        raise NotImplementedError',
    '',
    methods.join('\n\n'),
    '',
  ].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const from = argv.indexOf('--from');
  const document =
    from >= 0
      ? ((await (await fetch(new URL('/v1/openapi.json', argv[from + 1]))).json()) as PythonOpenApiDocument)
      : await servedDocument();
  writeFileSync(GENERATED_FILE, pythonClientFile(document));
  process.stdout.write(`wrote ${path.relative(process.cwd(), GENERATED_FILE)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`client:generate (python): ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
