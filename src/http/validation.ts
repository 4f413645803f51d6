import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { type InvalidParam, Problem } from '../domain/problems.js';

interface VerboseError extends FastifySchemaValidationError {
  parentSchema?: Record<string, unknown>;
}

/**
 * Turns schema validation errors into a 400 that says, for each parameter, what is wrong and
 * which values are valid. Ajv runs with `verbose` so the failing schema (its bounds) is at hand.
 */
export function validationProblem(errors: FastifySchemaValidationError[], context: string): Problem {
  const invalidParams = errors.map((e) => describe(e as VerboseError, context));
  const detail = invalidParams
    .map((p) => (p.validValues ? `${p.reason}. Valid values of \`${p.name}\`: ${p.validValues.join(', ')}` : p.reason))
    .join('; ');
  return new Problem(context === 'body' ? 'invalid-body' : 'invalid-parameter', `${detail}.`, { invalidParams });
}

function describe(error: VerboseError, context: string): InvalidParam {
  const params = error.params as Record<string, unknown>;
  const fromPath = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const name = error.keyword === 'required' || error.keyword === 'additionalProperties'
    ? String(params.missingProperty ?? params.additionalProperty ?? fromPath)
    : fromPath || context;
  const schema = error.parentSchema ?? {};
  switch (error.keyword) {
    case 'enum':
      return { name, reason: `\`${name}\` must be one of the valid values`, validValues: (params.allowedValues as unknown[]).map(String) };
    case 'required':
      return { name, reason: `\`${name}\` is required` };
    case 'additionalProperties':
      return { name, reason: `\`${name}\` is not a parameter of this endpoint` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { name, reason: `\`${name}\` must be ${rangeText(schema)}` };
    case 'type':
      return { name, reason: `\`${name}\` must be ${typeText(String(params.type))}${schema.minimum !== undefined || schema.maximum !== undefined ? ` ${rangeText(schema, false)}` : ''}` };
    case 'minLength':
    case 'maxLength':
      return { name, reason: `\`${name}\` must be ${lengthText(schema)}` };
    case 'format':
      return { name, reason: `\`${name}\` must be a valid ${String(params.format)}` };
    case 'pattern':
      return { name, reason: `\`${name}\` is not in the expected form` };
    default:
      return { name, reason: `\`${name}\` ${error.message ?? 'is invalid'}` };
  }
}

function typeText(type: string): string {
  if (type === 'integer') return 'a whole number';
  if (type === 'number') return 'a number';
  if (type === 'boolean') return 'true or false';
  return `a ${type}`;
}

function rangeText(schema: Record<string, unknown>, withNoun = true): string {
  const noun = withNoun ? (schema.type === 'integer' ? 'a whole number ' : 'a number ') : '';
  const { minimum: min, maximum: max } = schema;
  if (min !== undefined && max !== undefined) return `${noun}from ${min} to ${max}`;
  if (min !== undefined) return `${noun}of at least ${min}`;
  if (max !== undefined) return `${noun}of at most ${max}`;
  return noun.trim();
}

function lengthText(schema: Record<string, unknown>): string {
  const { minLength: min, maxLength: max } = schema;
  if (min !== undefined && max !== undefined) return `${min} to ${max} characters long`;
  if (min !== undefined) return `at least ${min} characters long`;
  return `at most ${max} characters long`;
}
