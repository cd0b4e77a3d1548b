import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { lazyCompilers } from './lazy-compilers';

function appWith(lazy: ReturnType<typeof lazyCompilers>) {
  const app = Fastify({
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array' } },
    schemaController: { compilersFactory: lazy.compilersFactory },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.post('/echo', {
    schema: {
      body: Type.Object({ name: Type.String({ minLength: 2 }) }, { additionalProperties: false }),
      querystring: Type.Object({ n: Type.Optional(Type.Integer()) }),
      response: { 200: Type.Object({ name: Type.String(), n: Type.Number() }) },
    },
  }, async (request) => ({ name: request.body.name, n: request.query.n ?? 0, secret: 'never serialised' }));
  return app;
}

describe('lazy route schema compilers', () => {
  it('compile nothing at start and each route on its first request', async () => {
    const lazy = lazyCompilers();
    const app = appWith(lazy);
    await app.ready();
    // body + querystring validators and the 200 serializer are all still pending.
    expect(lazy.pending()).toBe(3);
    const res = await app.inject({ method: 'POST', url: '/echo?n=3', payload: { name: '张三' } });
    expect(res.statusCode).toBe(200);
    // Query coercion (Ajv needs schemaEnv for that) and response filtering work as with eager compilers.
    expect(res.json()).toEqual({ name: '张三', n: 3 });
    expect(lazy.pending()).toBe(0);
    expect(lazy.compileAll()).toBe(0);
    await app.close();
  });

  it('report validation errors as the eager compilers do', async () => {
    const lazy = lazyCompilers();
    const app = appWith(lazy);
    await app.ready();
    const short = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'x' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/name/);
    const extra = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'ab', other: 1 } });
    expect(extra.statusCode).toBe(400);
    const badQuery = await app.inject({ method: 'POST', url: '/echo?n=abc', payload: { name: 'ab' } });
    expect(badQuery.statusCode).toBe(400);
    await app.close();
  });

  it('compileAll compiles every pending schema and surfaces a broken one', async () => {
    const lazy = lazyCompilers();
    const app = Fastify({ schemaController: { compilersFactory: lazy.compilersFactory } });
    app.post('/broken', { schema: { body: { type: 'object', properties: { a: { $ref: '#/nowhere' } } } } }, async () => ({}));
    await app.ready();
    expect(() => lazy.compileAll()).toThrow();
    await app.close();
  });

  it('skip the meta-schema check the eager compilers make (D84; the eager app test checks every route)', async () => {
    // Valid to compile but not to the meta-schema: a negative maxLength.
    const schema = { querystring: { type: 'object', properties: { q: { type: 'string', maxLength: -1 } } } };
    const eager = Fastify();
    eager.get('/odd', { schema }, async () => ({}));
    await expect(eager.ready()).rejects.toThrow(/schema is invalid/);
    const lazy = lazyCompilers();
    const app = Fastify({ schemaController: { compilersFactory: lazy.compilersFactory } });
    app.get('/odd', { schema }, async () => ({}));
    await app.ready();
    expect(() => lazy.compileAll()).not.toThrow();
    expect(lazy.pending()).toBe(0);
    await eager.close();
    await app.close();
  });
});
