// Every route of the contract, walked with generated bad input (issue 11): wrong types, control characters,
// numbers past every range, huge strings, deep nesting, unknown fields, broken multipart. None may answer 5xx,
// and no stream may end in 服务内部错误. The generator is driven by each route's own request schema, so a route
// added later is walked too. Seeded, so a failure reproduces; FUZZ_RUNS and FUZZ_SEED override, FUZZ_TIMES=<file>
// writes each route's time.
import { appendFileSync } from 'node:fs';
import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITADMIN_ID, CHAT_PATHS, KNOWLEDGE_PATHS, SECADMIN_ID, SYSADMIN_ID } from '../contract/api';
import { buildApp, type App } from './app';
import type { RouteAccessConfig } from './fastify-types';
import { createSession } from './identity/sessions';
import { findUserByUsername } from './identity/users';
import { multipartBody } from './test-support/multipart';
import { asText, hostileValue, PLAUSIBLE_STRINGS, plausibleObject, valueOf } from './test-support/schema-arbitrary';
import { openTestDatabase, type TestDatabase } from './test-support/test-app';

const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const DUTY_ID = { sysadmin: SYSADMIN_ID, secadmin: SECADMIN_ID, auditadmin: AUDITADMIN_ID } as const;
// Field names the multipart routes read (knowledge upload, chat files, user import).
const MULTIPART_FIELDS = ['doc_name', 'doc_type', 'secrecy', 'review_role', 'conv_id', 'user_id', 'user_name', 'dryRun', 'name'];
const FILE_FIELDS = ['doc_file', 'file'];
const FUZZ_SPACE = '模糊测试空间';

type Schema = Record<string, unknown>;
type Route = { method: string; url: string; schema: Schema; config: RouteAccessConfig };
type Sample = { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown; multipart: boolean };

const routes: Route[] = [];
const errorLines: string[] = [];
let tdb: TestDatabase;
let app: App;
let demoId: number;

beforeAll(async () => {
  tdb = await openTestDatabase({ label: 'fuzz' });
  app = await buildApp({
    config: { ...tdb.config, logLevel: 'error' },
    db: tdb.database,
    lazySchemas: true,
    logStream: { write: (line) => void errorLines.push(line) },
    onRoute: (r: RouteOptions) => {
      for (const method of ([] as string[]).concat(r.method)) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push({ method, url: r.url, schema: (r.schema ?? {}) as Schema, config: (r.config ?? {}) as RouteAccessConfig });
      }
    },
  });
  await app.ready();
  demoId = (await findUserByUsername({ db: tdb.database.db }, 'demo'))!.id;
  // Things to find, so requests naming them get past "not found" into the handlers' deeper paths.
  const demo = { authorization: `Bearer ${(await createSession(depsOf(), demoId, { ip: '127.0.0.1', userAgent: 'fuzz' })).token}` };
  const space = await app.inject({ method: 'POST', url: KNOWLEDGE_PATHS.spaceAdd, headers: demo, payload: { name: FUZZ_SPACE } });
  expect(space.statusCode, space.body).toBe(200);
  const dialogue = await app.inject({ method: 'POST', url: CHAT_PATHS.dialogueNew, headers: demo, payload: {} });
  expect(dialogue.statusCode, dialogue.body).toBe(200);
  PLAUSIBLE_STRINGS.push(FUZZ_SPACE, dialogue.json().data.conv_uid as string);
}, 120_000);

const depsOf = () => ({ db: tdb.database.db, now: () => new Date(), config: tdb.config });

afterAll(async () => {
  await app.close();
  await tdb.database.close();
  await tdb.drop();
});

/** Destructive calls last, so earlier ones meet the seeded data. */
function order(a: Route, b: Route): number {
  const rank = (r: Route) => (r.url.includes('logout') || r.url.includes('password') ? 2 : r.method === 'DELETE' || r.url.includes('delete') ? 1 : 0);
  return rank(a) - rank(b);
}

function callerOf(config: RouteAccessConfig): number | null {
  if (config.access === 'public') return null;
  if (config.access === 'duty') return DUTY_ID[([] as (keyof typeof DUTY_ID)[]).concat(config.duty ?? 'sysadmin')[0]];
  return demoId;
}

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

type Part = 'params' | 'query' | 'body';
type Mutation = { part: Part; key: string | null; value: unknown } | null;

function propertiesOf(schema: unknown): string[] {
  return isObject(schema) && isObject(schema.properties) ? Object.keys(schema.properties) : [];
}

/**
 * A request that would pass its schema (roughly), with one thing made bad: one property's value replaced by a
 * hostile one, a property the schema does not know, or the whole body. One change at a time, so the request gets
 * past every other check and the bad value reaches as deep as it can.
 */
function sampleOf(route: Route): fc.Arbitrary<Sample> {
  const { body } = route.schema;
  // A body schema without a type is a multipart upload read in the handler.
  const multipart = route.method === 'POST' && isObject(body) && body.type === undefined && !body.anyOf;
  const slots: [Part, string | null][] = [
    ...propertiesOf(route.schema.params).map((k): [Part, string] => ['params', k]),
    ...propertiesOf(route.schema.querystring).map((k): [Part, string] => ['query', k]),
    ...(multipart || body === undefined ? [] : [...propertiesOf(body).map((k): [Part, string] => ['body', k]), ['body', null] as [Part, null]]),
  ];
  const mutation: fc.Arbitrary<Mutation> = slots.length === 0
    ? fc.constant(null)
    : fc.oneof(
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...slots), hostileValue).map(([[part, key], value]) => ({ part, key, value })) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom<Part>('query', 'body'), hostileValue).map(([part, value]) => ({ part, key: 'unknown_field', value })) },
    );
  const bodyArb = multipart || body === undefined ? fc.constant(undefined) : isObject(body) && isObject(body.properties) ? plausibleObject(body) : valueOf(body);
  return fc.tuple(plausibleObject(route.schema.params), plausibleObject(route.schema.querystring), bodyArb, mutation)
    .map(([params, query, plainBody, change]) => {
      const sample: Sample = { params, query, body: plainBody, multipart };
      if (!change) return sample;
      if (change.part === 'body' && change.key === null) return { ...sample, body: change.value };
      if (change.part === 'body') return { ...sample, body: { ...(isObject(plainBody) ? plainBody : {}), [change.key!]: change.value } };
      return { ...sample, [change.part]: { ...sample[change.part], [change.key!]: change.value } };
    });
}

/** Percent-encoding that also sends what encodeURIComponent refuses (a lone surrogate), as raw bad UTF-8. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((c) => (/[\uD800-\uDFFF]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
}

function urlOf(route: Route, sample: Sample): string {
  const path = route.url.replace(/:([A-Za-z_]+)/g, (_, key: string) => encode(asText(sample.params[key] ?? 'x') || 'x'))
    .replace('*', encode(asText(sample.params['*'] ?? 'x')));
  const q = Object.entries(sample.query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((item) => `${encode(k)}=${encode(asText(item))}`)).join('&');
  return q ? `${path}?${q}` : path;
}

/** A plausible upload (the fields every upload route reads, and a small text file) with one part made bad. */
const multipartArb = fc.tuple(
  fc.constantFrom(...FILE_FIELDS),
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...MULTIPART_FIELDS), hostileValue.map(asText)) },
    { weight: 2, arbitrary: fc.tuple(fc.constant('filename'), hostileValue.map(asText)) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('bytes'), fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a).toString('latin1'))) },
  ),
).map(([fileField, change]) => {
  const fields: Record<string, string> = {
    doc_name: '需求说明', doc_type: 'DOCUMENT', secrecy: 'public', review_role: '', conv_id: PLAUSIBLE_STRINGS.at(-1)!, user_id: '1', user_name: 'demo', dryRun: 'true',
  };
  let fileName = '需求.txt';
  let bytes = Buffer.from('第一条 用户可以登录。\n');
  if (change?.[0] === 'filename') fileName = change[1];
  else if (change?.[0] === 'bytes') bytes = Buffer.from(change[1], 'latin1');
  else if (change) fields[change[0]] = change[1];
  return { fields, fileField, fileName, bytes };
});

describe('every route of the contract against generated bad input', () => {
  it('never answers 5xx', async () => {
    expect(routes.length).toBeGreaterThan(80);
    const problems: string[] = [];
    for (const route of [...routes].sort(order)) {
      const caller = callerOf(route.config);
      const token = caller === null ? null : (await createSession(depsOf(), caller, { ip: '127.0.0.1', userAgent: 'fuzz' })).token;
      const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const property = fc.asyncProperty(sampleOf(route), multipartArb, async (sample, upload) => {
        let payload: string | Buffer | undefined;
        let headers: Record<string, string> = { ...auth };
        if (sample.multipart) {
          const form = multipartBody(
            Object.fromEntries(Object.entries(upload.fields).map(([k, v]) => [k, String(v)])),
            [{ field: upload.fileField, name: upload.fileName.replace(/["\r\n]/g, ''), bytes: upload.bytes }],
          );
          payload = form.payload;
          headers = { ...headers, ...form.headers };
        } else if (sample.body !== undefined) {
          payload = JSON.stringify(sample.body) ?? 'null';
          headers['content-type'] = 'application/json';
        }
        const res = await app.inject({ method: route.method as 'GET', url: urlOf(route, sample), headers, payload });
        if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream') && res.body.includes('服务内部错误')) {
          throw new Error(`stream ended with 服务内部错误: ${res.body.slice(-200)}`);
        }
      });
      const started = Date.now();
      if (process.env.FUZZ_TIMES) appendFileSync(process.env.FUZZ_TIMES, `start ${route.method} ${route.url}\n`);
      const result = await fc.check(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
      if (process.env.FUZZ_TIMES) appendFileSync(process.env.FUZZ_TIMES, `${Date.now() - started} ms ${route.method} ${route.url}\n`);
      if (result.failed) {
        const example = JSON.stringify(result.counterexample, (_k, v) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 80)}…(${v.length})` : v));
        problems.push(`${route.method} ${route.url}: ${String(result.errorInstance ?? '').slice(0, 300)} with ${example?.slice(0, 600)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('logged no parameter values with the errors it caused', () => {
    expect(errorLines.filter((l) => l.includes('params:') || l.includes('\\u0000'))).toEqual([]);
  });
});
