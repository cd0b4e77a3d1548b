// An HTTP API described by OpenAPI 3 as tools: one tool per operation, its arguments one JSON Schema object
// (path, query and header parameters by name, the JSON request body as `body`), its risk from the method (GET
// and HEAD read, the others write). Only the document's own references (#/components/...) are followed.
import yaml from 'js-yaml';
import { TOOL_LIMITS, type ToolRisk } from '../../contract/api';
import { badRequest } from '../http-error';

/** How an OpenAPI tool is called. */
export type OpenApiTarget = {
  method: string;
  path: string;
  /** Parameter name → where it goes. */
  params: Record<string, 'path' | 'query' | 'header'>;
  hasBody: boolean;
};

export type ToolDef = {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  risk: ToolRisk;
  target: Record<string, unknown>;
};

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const;
const MAX_REF_DEPTH = 20;
/**
 * Nodes the tools of one document may expand to. A 1 MB document has fewer nodes than this written out, but shared
 * references (`$ref`, YAML aliases) nest: ten references to a schema of ten references, six deep, are a million.
 */
const MAX_EXPANDED_NODES = 1_000_000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses a pasted or uploaded document (JSON or YAML); a Chinese error says what is wrong. */
export function parseOpenApi(text: string): Json {
  if (Buffer.byteLength(text) > TOOL_LIMITS.specMaxBytes) throw badRequest('OpenAPI 文档不能超过 1 MB');
  let doc: unknown;
  try {
    // JSON is YAML; the core schema reads no custom types.
    doc = yaml.load(text, { schema: yaml.CORE_SCHEMA, json: true });
  } catch (err) {
    throw badRequest(`OpenAPI 文档无法解析：${(err as Error).message.split('\n')[0]}`);
  }
  if (!isObject(doc)) throw badRequest('OpenAPI 文档应为一个对象（JSON 或 YAML）');
  if (typeof doc.openapi !== 'string' || !/^3\./.test(doc.openapi)) throw badRequest('只支持 OpenAPI 3 文档（openapi: 3.x）');
  if (!isObject(doc.paths) || Object.keys(doc.paths).length === 0) throw badRequest('OpenAPI 文档中没有接口（paths 为空）');
  // OpenAPI paths begin with "/": anything else (`@host/…`) would be read as part of the address.
  const stray = Object.keys(doc.paths).find((p) => !p.startsWith('/'));
  if (stray !== undefined) throw badRequest(`OpenAPI 文档中的接口路径必须以 / 开头：${stray.slice(0, 100)}`);
  return doc;
}

/** The first server address of the document, if it has an absolute one. */
export function documentServer(doc: Json): string {
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  const first = servers.find((s): s is Json => isObject(s) && typeof s.url === 'string');
  return first && /^https?:\/\//.test(first.url as string) ? (first.url as string) : '';
}

type Budget = { left: number };

/**
 * Replaces local references with what they point to (cycles and deep chains end as an open schema), within the
 * document's node budget (a document built to expand without end is refused).
 */
function resolve(doc: Json, node: unknown, budget: Budget, depth = 0): unknown {
  if (depth > MAX_REF_DEPTH) return {};
  if (--budget.left < 0) throw badRequest('OpenAPI 文档展开引用（$ref 或 YAML 别名）后过大，无法读取');
  if (Array.isArray(node)) return node.map((n) => resolve(doc, n, budget, depth + 1));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    if (!ref.startsWith('#/')) return {};
    let target: unknown = doc;
    for (const part of ref.slice(2).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))) {
      target = isObject(target) ? target[part] : undefined;
    }
    return target === undefined ? {} : resolve(doc, target, budget, depth + 1);
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = resolve(doc, v, budget, depth + 1);
  return out;
}

/** A tool name the model protocol accepts: letters, digits, _ and -, at most 64. */
export function toolName(raw: string): string {
  const name = raw.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64);
  return name || 'operation';
}

/** The operations of a document as tool definitions. */
export function openApiTools(doc: Json): ToolDef[] {
  const defs: ToolDef[] = [];
  const used = new Set<string>();
  const budget: Budget = { left: MAX_EXPANDED_NODES };
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      let name = toolName(typeof op.operationId === 'string' ? op.operationId : `${method}_${path}`);
      for (let i = 2; used.has(name); i++) name = `${name.slice(0, 60)}_${i}`;
      used.add(name);
      const properties: Json = {};
      const required: string[] = [];
      const params: OpenApiTarget['params'] = {};
      for (const raw of [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
        const p = resolve(doc, raw, budget);
        if (!isObject(p) || typeof p.name !== 'string' || !['path', 'query', 'header'].includes(p.in as string)) continue;
        params[p.name] = p.in as 'path' | 'query' | 'header';
        properties[p.name] = { ...(isObject(p.schema) ? p.schema : { type: 'string' }), ...(typeof p.description === 'string' ? { description: p.description } : {}) };
        if (p.required === true || p.in === 'path') required.push(p.name);
      }
      const body = resolve(doc, op.requestBody, budget);
      const jsonBody = isObject(body) && isObject(body.content) ? (body.content as Json)['application/json'] : undefined;
      const hasBody = isObject(jsonBody);
      if (hasBody) {
        properties.body = isObject(jsonBody.schema) ? jsonBody.schema : { type: 'object' };
        if (isObject(body) && body.required === true) required.push('body');
      }
      const summary = [op.summary, op.description].filter((s): s is string => typeof s === 'string' && s.trim() !== '').join('：');
      const target: OpenApiTarget = { method: method.toUpperCase(), path, params, hasBody };
      defs.push({
        name,
        description: (summary || `${method.toUpperCase()} ${path}`).slice(0, 1000),
        parameters: { type: 'object', properties, ...(required.length ? { required: [...new Set(required)] } : {}) },
        risk: method === 'get' || method === 'head' ? 'read' : 'write',
        target: target as unknown as Record<string, unknown>,
      });
      if (defs.length > TOOL_LIMITS.toolsPerSetMax) throw badRequest(`一个工具集最多 ${TOOL_LIMITS.toolsPerSetMax} 个接口`);
    }
  }
  if (!defs.length) throw badRequest('OpenAPI 文档中没有可用的接口操作');
  return defs;
}

/** The request of one OpenAPI tool call: the address (base + path with its parameters) and the init. */
export function openApiRequest(base: string, target: OpenApiTarget, args: Json): { url: string; init: RequestInit } {
  let path = target.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.5' };
  for (const [name, where] of Object.entries(target.params)) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    // Encoded, "/", "@", "%" and "?" stay inside the segment; a value that would make a "." or ".." segment is refused.
    if (where === 'path') path = path.replaceAll(`{${name}}`, encodeURIComponent(text));
    else if (where === 'query') query.append(name, text);
    else if (!/[\r\n]/.test(text)) headers[name.toLowerCase()] = text;
  }
  if (/\{[^}]+\}/.test(path)) throw badRequest(`缺少路径参数：${/\{([^}]+)\}/.exec(path)?.[1]}`);
  if (path.split('/').some((seg) => /^(\.|%2e){1,2}$/i.test(seg))) throw badRequest(`路径参数不能是“.”或“..”（${target.path}）`);
  const url = new URL(base.replace(/\/+$/, '') + path);
  // The path keeps the base's origin (a stored path such as `@host/…` from before parseOpenApi refused it).
  if (!path.startsWith('/') || url.origin !== new URL(base).origin) throw badRequest(`接口路径不能改变服务地址（${target.path}）`);
  for (const [k, v] of query) url.searchParams.append(k, v);
  const init: RequestInit = { method: target.method, headers };
  if (target.hasBody && args.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(args.body);
  }
  return { url: url.toString(), init };
}
