import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { DEFAULT_BOUNDS, hardenSchema, multipartField } from './harden-schema';

describe('request schemas hardened at registration (D25)', () => {
  const body = Type.Object({
    name: Type.String({ maxLength: 50 }),
    description: Type.String(),
    page: Type.Integer({ minimum: 1 }),
    ratio: Type.Number({ minimum: 0, maximum: 1 }),
    ids: Type.Array(Type.Integer()),
    mode: Type.Union([Type.Literal('a'), Type.Literal('b')]),
    nested: Type.Object({ doc_name: Type.Optional(Type.String()) }),
  });

  it('marks names as one visible line and other strings as text, with a length bound when none is given', () => {
    const out = hardenSchema(body) as { properties: Record<string, Record<string, unknown>> };
    expect(out.properties.name).toMatchObject({ textKind: 'name', maxLength: 50 });
    expect(out.properties.description).toMatchObject({ textKind: 'text', maxLength: DEFAULT_BOUNDS.maxLength });
    expect((out.properties.nested as { properties: Record<string, object> }).properties.doc_name).toMatchObject({ textKind: 'name' });
  });

  it('bounds integers and numbers to a PostgreSQL integer unless the schema says more, and refuses infinities', () => {
    const out = hardenSchema(body) as { properties: Record<string, Record<string, unknown>> };
    expect(out.properties.page).toMatchObject({ minimum: 1, maximum: DEFAULT_BOUNDS.maximum, finite: true });
    expect(out.properties.ratio).toMatchObject({ minimum: 0, maximum: 1, finite: true });
    expect(out.properties.ids).toMatchObject({ maxItems: DEFAULT_BOUNDS.maxItems, items: { maximum: DEFAULT_BOUNDS.maximum } });
  });

  it('leaves literals alone and never changes the shared original', () => {
    const before = JSON.stringify(body);
    const out = hardenSchema(body) as { properties: Record<string, { anyOf: object[] }> };
    expect(out.properties.mode.anyOf[0]).not.toHaveProperty('textKind');
    expect(JSON.stringify(body)).toBe(before);
  });

  it('applies the same rule to multipart fields, naming the field', () => {
    expect(multipartField('secrecy', 'public')).toBe('public');
    expect(() => multipartField('conv_id', 'a\u0000b')).toThrow('参数 conv_id 含有不允许的控制字符');
    expect(() => multipartField('doc_name', 'invoice\u202Egnp.txt')).toThrow('参数 doc_name 含有换行或不可见的格式字符');
    expect(multipartField('description', '第一行\n第二行')).toBe('第一行\n第二行');
  });
});
