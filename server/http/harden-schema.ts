// One mechanism at the contract boundary (issue 11, D25): every request schema a route declares is hardened when
// the route is registered, so no route (today's or a later one) can forget. Each string gets the `textKind`
// keyword (free text: no control characters; names: one visible line), a length bound when it has none, each
// integer and number the range of a PostgreSQL integer when it has none, and each array an item bound. Response
// schemas are left alone. The Ajv keyword gives a Chinese message naming the field.
import type { Ajv, ErrorObject } from 'ajv';
import type { RouteOptions } from 'fastify';
import { isNameProperty, textProblem, type TextKind } from '../../contract/validation/text-chars';
import { badRequest } from '../http-error';

/** Bounds given to values whose schema names none. */
export const DEFAULT_BOUNDS = { maxLength: 100_000, minimum: -2_147_483_648, maximum: 2_147_483_647, maxItems: 10_000 } as const;

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

function hasType(schema: Schema, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

/** Keys whose values are data, not schemas. */
const DATA_KEYS = new Set(['const', 'enum', 'default', 'examples', 'example', 'required']);

/** A hardened copy of a request schema (the original may be shared with other routes and responses). */
export function hardenSchema(schema: unknown, property = ''): unknown {
  if (Array.isArray(schema)) return schema.map((s) => hardenSchema(s, property));
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DATA_KEYS.has(key)) out[key] = value;
    else if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, hardenSchema(s, name)]));
    } else out[key] = hardenSchema(value, property);
  }
  if (hasType(out, 'string') && out.const === undefined && out.enum === undefined) {
    out.textKind ??= isNameProperty(property) ? 'name' : 'text';
    out.maxLength ??= DEFAULT_BOUNDS.maxLength;
  }
  if (hasType(out, 'integer') || hasType(out, 'number')) {
    // Query and path values are coerced from text: "1e400" becomes Infinity, which passes Ajv's integer check.
    out.finite = true;
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = DEFAULT_BOUNDS.minimum;
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = DEFAULT_BOUNDS.maximum;
  }
  if (hasType(out, 'array')) out.maxItems ??= DEFAULT_BOUNDS.maxItems;
  return out;
}

const REQUEST_PARTS = ['body', 'querystring', 'params'] as const;

/** onRoute hook: harden the request parts of a route's schema. */
export function hardenRouteSchemas(route: RouteOptions): void {
  const schema = route.schema as Schema | undefined;
  if (!schema) return;
  const hardened: Schema = { ...schema };
  for (const part of REQUEST_PARTS) if (schema[part] !== undefined) hardened[part] = hardenSchema(schema[part]);
  route.schema = hardened;
}

type KeywordValidate = ((kind: TextKind, data: string) => boolean) & { errors?: Partial<ErrorObject>[] };

/** Ajv plugin: the `textKind` keyword ('text' | 'name') and `finite` (no Infinity from coerced text). */
export function textKindKeyword(ajv: Ajv): Ajv {
  ajv.addKeyword({
    // No `type`: Ajv applies typed keywords only to finite numbers, so Infinity would never be looked at.
    keyword: 'finite', schemaType: 'boolean', errors: false,
    validate: (wanted: boolean, data: unknown) => !wanted || typeof data !== 'number' || Number.isFinite(data),
  });
  const validate: KeywordValidate = (kind, data) => {
    const problem = textProblem(data, kind);
    validate.errors = problem ? [{ keyword: 'textKind', message: problem, params: { kind } }] : undefined;
    return problem === null;
  };
  ajv.addKeyword({ keyword: 'textKind', type: 'string', schemaType: 'string', errors: true, validate });
  return ajv;
}

/**
 * A multipart text field as a handler may use it: the same rule as schema strings (multipart bodies are read in the
 * handler, past the schema). Throws 400 naming the field.
 */
export function multipartField(name: string, value: unknown): string {
  const text = String(value ?? '');
  const problem = textProblem(text, isNameProperty(name) ? 'name' : 'text');
  if (problem) throw badRequest(`参数 ${name} ${problem}`);
  return text;
}
