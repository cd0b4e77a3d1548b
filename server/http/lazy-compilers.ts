// Route schemas compiled on a route's first request instead of at start (issue 2: start within 1.5 s).
// Fastify compiles every validator (Ajv) and serializer (fast-json-stringify) while it starts; with about two
// hundred routes that is a third of the start. These factories wrap Fastify's own compilers and defer each
// route's compilation to its first use. `compileAll()` compiles whatever is still pending (tests use it to
// find a broken schema at once).
// Ajv checks a schema against the JSON Schema meta-schema before compiling it, and the first check compiles the
// meta-schema itself: 20–40 ms on the first request after a start. The routes' schemas are constants of the code,
// so the lazily compiled ones skip that check (D84); the app built with the eager compilers (server/app.test.ts,
// the permission matrix) checks every route's schemas against the meta-schema.
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type RouteSchema = { schema: unknown; method: string; url: string; httpPart?: string };
type ValidatorBuilder = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => ValidateFn;
type SerializerBuilder = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => (doc: unknown) => string;
type ValidateFn = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

export type LazyCompilers = { compilersFactory: Factories; compileAll: () => number; pending: () => number };

type AjvOptions = { customOptions?: Record<string, unknown> } | undefined;
const withoutMetaCheck = (options: unknown) => {
  const ajv = options as AjvOptions;
  return { ...ajv, customOptions: { ...ajv?.customOptions, validateSchema: false } };
};

/** Fastify's default compilers, each route's compilation deferred to its first request. */
export function lazyCompilers(): LazyCompilers {
  const pending = new Set<() => unknown>();
  const buildValidator = AjvCompiler() as unknown as ValidatorBuilder;
  const buildSerializer = SerializerSelector() as unknown as SerializerBuilder;

  const lazyValidator: ValidatorBuilder = (externalSchemas, options) => {
    let compiler: ReturnType<ValidatorBuilder> | undefined;
    return (route) => {
      let fn: ValidateFn | undefined;
      const real = (): ValidateFn => {
        if (!fn) {
          compiler ??= buildValidator(externalSchemas, withoutMetaCheck(options));
          fn = compiler(route);
          pending.delete(real);
        }
        return fn;
      };
      pending.add(real);
      const validate = ((data: unknown, context?: unknown) => real()(data, context)) as ValidateFn;
      // Fastify reads `schemaEnv` before calling (to let Ajv coerce the root) and `errors` after a failure.
      Object.defineProperties(validate, {
        errors: { get: () => real().errors },
        schemaEnv: { get: () => real().schemaEnv },
      });
      return validate;
    };
  };

  const lazySerializer: SerializerBuilder = (externalSchemas, options) => {
    let compiler: ReturnType<SerializerBuilder> | undefined;
    return (route) => {
      let fn: ((doc: unknown) => string) | undefined;
      const real = () => {
        if (!fn) {
          compiler ??= buildSerializer(externalSchemas, options);
          fn = compiler(route);
          pending.delete(real);
        }
        return fn;
      };
      pending.add(real);
      return (doc: unknown) => real()(doc);
    };
  };

  return {
    compilersFactory: { buildValidator: lazyValidator, buildSerializer: lazySerializer } as unknown as Factories,
    pending: () => pending.size,
    compileAll: () => {
      let n = 0;
      for (const compile of [...pending]) {
        compile();
        n++;
      }
      return n;
    },
  };
}
