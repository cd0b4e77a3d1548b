/** One field of the 试用 form, from a property of the tool's JSON Schema. */
export type SchemaField = {
  name: string;
  label: string;
  description: string;
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';
  required: boolean;
  options?: string[];
};

type Schema = { type?: unknown; properties?: Record<string, unknown>; required?: unknown; enum?: unknown; description?: unknown; title?: unknown };

/** The fields of an object schema, in its order; anything not a plain value is edited as JSON. */
export function fieldsOfSchema(schema: Record<string, unknown>): SchemaField[] {
  const s = schema as Schema;
  const required = Array.isArray(s.required) ? (s.required as unknown[]).map(String) : [];
  return Object.entries(s.properties ?? {}).map(([name, raw]) => {
    const p = (raw ?? {}) as Schema;
    const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
    let kind: SchemaField['kind'] = 'json';
    if (Array.isArray(p.enum) && p.enum.every((v) => typeof v === 'string')) kind = 'enum';
    else if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean') kind = type;
    return {
      name,
      label: typeof p.title === 'string' ? `${p.title}（${name}）` : name,
      description: typeof p.description === 'string' ? p.description : '',
      kind,
      required: required.includes(name),
      options: kind === 'enum' ? (p.enum as string[]) : undefined,
    };
  });
}

/** The arguments of a call from the form's values: empty fields left out, JSON fields parsed (a Chinese error names a bad one). */
export function argumentsOf(fields: SchemaField[], values: Record<string, unknown>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (v === undefined || v === null || v === '') continue;
    if (f.kind === 'json') {
      try {
        args[f.name] = JSON.parse(String(v));
      } catch {
        throw new Error(`参数 ${f.name} 不是合法的 JSON`);
      }
    } else args[f.name] = v;
  }
  return args;
}
