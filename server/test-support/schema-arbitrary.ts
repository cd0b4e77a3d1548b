// fast-check arbitraries driven by the routes' JSON schemas (TypeBox), for the contract fuzz test (issue 11):
// mostly plausible values so requests get past the first check, mixed with values a careless or hostile client
// sends (wrong types, control characters, numbers past every range, huge strings, deep nesting, unknown fields).
import fc from 'fast-check';

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

function deep(levels: number): unknown {
  let v: unknown = 'x';
  // A chain (each level used once): objects and arrays in turn.
  for (let i = 0; i < levels; i++) v = i % 2 ? { a: v } : [v];
  return v;
}

/** Values no schema should let through to a handler unchecked. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<unknown>(
    null, true, false, 0, -1, 1.5, 1e20, -1e20, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, Number.MAX_VALUE,
    '99999999999999999999', '-99999999999999999999', '1e400', 'NaN', 'Infinity', '', ' ', '0x10',
    'a\u0000b', '\u0000', 'ok\u0007\u001b[31m', '\uD800', 'bad\uFFFF', 'invoice\u202Egnp.txt', 'a\u200Bb\u2028c',
    "'; drop table users; --", '%', '_', '\\', '../../../../etc/passwd', '%00', '{"a":', '[1,2', 'null', '[]', '{}',
    '__proto__', 'constructor', '😀👨‍👩‍👧', '機密\n第二行', '2030-13-45', 'x'.repeat(300_000),
    // Spec §3 query filters (list screens send them as JSON text) carrying the same values.
    '[{"filterName":"username","operation":"Like","expressType":"string","filterValue":"a\u0000b"}]',
    '[{"filterName":"fullName","operation":"Equal","expressType":"string","filterValue":"x\u0000"}]',
    '{"property":"createdAt","direction":"ASC\u0000"}',
    [], {}, [null], [[[[[]]]]], { __proto__: { polluted: true } }, { constructor: { prototype: { polluted: true } } },
  ) },
  fc.constant(null).map(() => deep(200)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: false }),
);

/** Strings tried as plausible values; a test may add names of things it created (a space, a dialogue). */
export const PLAUSIBLE_STRINGS = ['demo', 'staff', '1', '2', 'public', 'internal', 'secret', '示例知识库', 'chat_normal', 'chat_knowledge', 'chat_excel', '2030-01-01', '2030-01-01T00:00:00Z', 'true', '-2', '[]'];

/** A plausible object of a schema: required properties always, optional ones often, nothing hostile. */
export function plausibleObject(schema: unknown, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  if (!isObject(schema) || !isObject(schema.properties) || depth > 6) return fc.constant({});
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const entries = Object.entries(schema.properties).map(([name, s]) => [name, plausible(s, depth + 1)] as const);
  return fc.record(Object.fromEntries(entries), { requiredKeys: [...required].filter((k) => k in (schema.properties as Schema)) });
}

/** A value of the schema (roughly: formats and patterns are not honoured), or now and then a hostile one. */
export function valueOf(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const good = plausible(schema, depth);
  return fc.oneof({ arbitrary: good, weight: 3 }, { arbitrary: hostileValue, weight: 1 });
}

function plausible(schema: unknown, depth: number): fc.Arbitrary<unknown> {
  if (!isObject(schema) || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(union) && union.length > 0) return fc.oneof(...union.map((s) => plausible(s, depth + 1)));
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return plausible(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(fc.constantFrom(...PLAUSIBLE_STRINGS), fc.string({ maxLength: Math.min(Number(schema.maxLength ?? 30), 30) }));
    case 'integer': {
      const min = Math.max(Number(schema.minimum ?? -5), -1_000_000);
      const max = Math.min(Number(schema.maximum ?? 1000), 1_000_000);
      return min <= max ? fc.integer({ min, max }) : fc.constant(min);
    }
    case 'number':
      return fc.oneof(fc.integer({ min: -3, max: 1000 }), fc.double({ min: 0, max: 1, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items, depth + 1), { maxLength: 3 });
    case 'object':
      return plausibleObject(schema, depth + 1);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A query-string or path value as text (objects and arrays as JSON, as clients send filters). */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) ?? '' : String(value);
}
