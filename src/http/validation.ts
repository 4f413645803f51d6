import type { FastifyRequest } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { type InvalidParam, Problem, type ValidParameter } from '../domain/problems.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What query parameters whose valid values depend on the data served (the published years,
     * the releases of a source) may be, given the request's query: the 400 for a value the
     * schema refuses lists them.
     */
    parameterValues?: (query: Record<string, unknown>) => Promise<Record<string, ValidParameter>>;
  }
}

interface VerboseError extends FastifySchemaValidationError {
  params: Record<string, unknown> & AjvParams;
  parentSchema?: JsonSchema;
}

/** The members of Ajv's error params this module reads, as Ajv writes them. */
interface AjvParams {
  missingProperty?: string;
  additionalProperty?: string;
  allowedValues?: unknown[];
  allowedValue?: unknown;
  pattern?: string;
}

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};

/** Keywords whose failure is explained by what a valid value looks like. */
const SHAPE_KEYWORDS = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'type',
  'minLength',
  'maxLength',
  'format',
]);

/**
 * Turns schema validation errors into a 400 that says, for each parameter, what is wrong and
 * what would be valid: the enumerated values, the range, the form, or (from `parameterValues`)
 * the values the data allows. Ajv runs with `verbose` so the failing schema is at hand.
 */
export function validationProblem(
  errors: FastifySchemaValidationError[],
  context: string,
  served: Record<string, ValidParameter> = {},
): Problem {
  const invalidParams = errors.map((e) => {
    const param = describe(e, context);
    const data = context === 'querystring' ? served[param.name] : undefined;
    return data
      ? {
          name: param.name,
          reason: `\`${param.name}\` must be ${data.must}`,
          ...(data.validValues ? { validValues: data.validValues } : {}),
        }
      : param;
  });
  const detail = invalidParams
    .map((p) => (p.validValues ? `${p.reason}. Valid values of \`${p.name}\`: ${p.validValues.join(', ')}` : p.reason))
    .join('; ');
  return new Problem(context === 'body' ? 'invalid-body' : 'invalid-parameter', `${detail}.`, { invalidParams });
}

/** The data-dependent valid values the route declares, or none when it declares none or they cannot be read. */
export async function parameterValuesOf(request: FastifyRequest): Promise<Record<string, ValidParameter>> {
  const values = request.routeOptions.config.parameterValues;
  if (!values) return {};
  try {
    return await values((request.query ?? {}) as Record<string, unknown>);
  } catch (error) {
    request.log.error({ err: error }, 'could not read the valid values of the parameters');
    return {};
  }
}

function describe(error: VerboseError, context: string): InvalidParam {
  const params = error.params;
  const name = parameterName(error, context);
  const schema = error.parentSchema ?? {};
  const enumerated = (values: unknown[]) => ({
    name,
    reason: `\`${name}\` must be one of the valid values`,
    validValues: values.map(String),
  });
  if (SHAPE_KEYWORDS.has(error.keyword)) return { name, reason: `\`${name}\` must be ${shapeText(schema)}` };
  switch (error.keyword) {
    case 'enum':
      return enumerated(params.allowedValues!);
    case 'const':
      return enumerated([params.allowedValue]);
    case 'required':
      return missing(name, schema);
    case 'additionalProperties':
      return unknownProperty(name, schema, context);
    case 'pattern':
      return { name, reason: `\`${name}\` must match ${params.pattern}` };
    default:
      return { name, reason: `\`${name}\` ${error.message ?? 'is invalid'}` };
  }
}

/** The parameter an error is about: the property it names, else its path, else the whole context. */
function parameterName(error: VerboseError, context: string): string {
  const fromPath = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return error.keyword === 'required' || error.keyword === 'additionalProperties'
    ? (error.params.missingProperty ?? error.params.additionalProperty ?? fromPath)
    : fromPath || context;
}

function missing(name: string, schema: JsonSchema): InvalidParam {
  const property = schema.properties?.[name] ?? {};
  const values = Array.isArray(property.enum) ? { validValues: property.enum.map(String) } : {};
  return { name, reason: `\`${name}\` is required: ${describedAs(property)}`, ...values };
}

function unknownProperty(name: string, schema: JsonSchema, context: string): InvalidParam {
  const names = Object.keys(schema.properties ?? {});
  const known = names.map((p) => `\`${p}\``).join(', ');
  if (context === 'body')
    return { name, reason: `\`${name}\` is not a field of the request body; its fields are ${known}` };
  return {
    name,
    reason:
      names.length === 0
        ? `\`${name}\` is not a parameter of this endpoint; it takes no query parameters`
        : `\`${name}\` is not a parameter of this endpoint; its parameters are ${known}`,
    validParameters: names,
  };
}

/** A property's own description, continuing a sentence ("`q` is required: the job title, ..."), else its shape. */
function describedAs(property: JsonSchema): string {
  if (typeof property.description !== 'string') return shapeText(property);
  return property.description.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());
}

/** What a value of the schema looks like: "a whole number from 1 to 50", "a uuid", "text at most 254 characters long". */
function shapeText(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`;
  if (typeof schema.format === 'string') return formatText(schema.format);
  switch (schema.type) {
    case 'integer':
      return `a whole number${rangeText(schema)}`;
    case 'number':
      return `a number${rangeText(schema)}`;
    case 'boolean':
      return 'true or false';
    case 'string':
      return `text${lengthText(schema)}`;
    default:
      return `a ${String(schema.type ?? 'value')}`;
  }
}

const FORMATS: Record<string, string> = {
  uuid: 'a uuid (32 hexadecimal digits in groups of 8-4-4-4-12)',
  'date-time': 'a date and time as in RFC 3339 (2024-04-30T12:00:00Z)',
  date: 'a date as in RFC 3339 (2024-04-30)',
};

function formatText(format: string): string {
  return FORMATS[format] ?? `a valid ${format}`;
}

function rangeText(schema: JsonSchema): string {
  const { minimum: min, maximum: max } = schema;
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return '';
}

function lengthText(schema: JsonSchema): string {
  const { minLength: min, maxLength: max } = schema;
  if (min !== undefined && max !== undefined) return ` ${min} to ${max} characters long`;
  if (min !== undefined) return ` at least ${min} characters long`;
  if (max !== undefined) return ` at most ${max} characters long`;
  return '';
}
