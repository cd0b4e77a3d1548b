// The renderer's http transport (D77): fetch, or XMLHttpRequest where a caller follows the upload's progress (fetch
// reports none). It replaces axios with the part of its API the app uses: `http.get/post/put/delete/request` with
// `params`, `data`, `headers`, `signal`, `timeout`, `responseType: 'blob'`, `onUploadProgress`, and `silent`
// (config.ts); answers `{ data, status, headers }`. `http.defaults.adapter` is the network boundary: the renderer
// tests put a fake server there (src/test/fake-adapter.ts).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'get' | 'post' | 'put' | 'delete' | 'patch';

/** Query parameters: null and undefined are left out, arrays repeat their key as `key[]` (as axios wrote them). */
export type HttpParams = Record<string, unknown>;

export type UploadProgress = { loaded: number; total?: number };

export type HttpRequestConfig = {
  url?: string;
  method?: HttpMethod;
  baseURL?: string;
  params?: HttpParams;
  data?: unknown;
  /** Request headers; a plain object where given, a Headers object once the request is made. */
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** Milliseconds until the call fails as a timeout; 0 for none. */
  timeout?: number;
  responseType?: 'json' | 'blob';
  onUploadProgress?: (event: UploadProgress) => void;
  /** The caller handles failures itself: no toast and no session-end redirect (sign-in calls, logout). */
  silent?: boolean;
};

/**
 * The request as the adapter gets it: method (lower case), headers and timeout settled, a plain object's data already
 * written as JSON text (as axios handed it to its adapters).
 */
export type PreparedRequest = Omit<HttpRequestConfig, 'headers' | 'method'> & { url: string; method: string; headers: Headers; timeout: number };

/** What an adapter answers: the status, the body (parsed JSON, text, or a Blob when asked for) and the headers. */
export type AdapterReply = { status: number; data: unknown; headers: Record<string, string> };
export type Adapter = (config: PreparedRequest) => Promise<AdapterReply>;

export type HttpResponse<T = unknown> = { data: T; status: number; headers: Record<string, string>; config: PreparedRequest };

/** The transport failed before an answer: no connection, the timeout, or the caller's signal. */
export class TransportError extends Error {
  readonly code: 'network' | 'timeout' | 'cancel';
  constructor(code: 'network' | 'timeout' | 'cancel', message: string = code) {
    super(message);
    this.name = 'TransportError';
    this.code = code;
  }
}

/** An answer outside 2xx, with its body. */
export class HttpStatusError extends Error {
  readonly response: HttpResponse;
  constructor(response: HttpResponse) {
    super(`Request failed with status code ${response.status}`);
    this.name = 'HttpStatusError';
    this.response = response;
  }
}

function query(params: HttpParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === null || value === undefined) return;
    search.append(key, value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value));
  };
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const v of value) add(`${key}[]`, v);
    else add(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The address of a call: base URL, path and query. */
export function urlOf(config: PreparedRequest): string {
  const base = config.baseURL && !/^https?:\/\//.test(config.url) ? config.baseURL.replace(/\/+$/, '') + (config.url.startsWith('/') ? '' : '/') : '';
  const path = `${base}${config.url}`;
  const q = query(config.params);
  return q ? `${path}${path.includes('?') ? `&${q.slice(1)}` : q}` : path;
}

/** The body on the wire; FormData, Blob and text go as they are (the browser sets a multipart boundary). */
function bodyOf(config: PreparedRequest): { body: BodyInit | undefined; headers: Headers } {
  const headers = new Headers(config.headers);
  const { data } = config;
  if (data === undefined || data === null) {
    headers.delete('Content-Type');
    return { body: undefined, headers };
  }
  if (data instanceof FormData) {
    headers.delete('Content-Type');
    return { body: data, headers };
  }
  return { body: isJson(data) ? JSON.stringify(data) : (data as BodyInit), headers };
}

/** Data sent as JSON: anything but FormData, Blob, text and query parameters. */
const isJson = (data: unknown) =>
  data !== undefined && data !== null && !(data instanceof FormData) && !(data instanceof Blob) && !(data instanceof URLSearchParams) && typeof data !== 'string';

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, key) => (record[key.toLowerCase()] = value));
  return record;
}

async function viaFetch(config: PreparedRequest): Promise<AdapterReply> {
  const { body, headers } = bodyOf(config);
  let res: Response;
  try {
    res = await fetch(urlOf(config), { method: config.method.toUpperCase(), headers, body, signal: config.signal });
  } catch (error) {
    throw config.signal?.aborted ? error : new TransportError('network', 'Network Error');
  }
  const data = config.responseType === 'blob' && res.ok ? await res.blob() : parse(await res.text());
  return { status: res.status, data, headers: headerRecord(res.headers) };
}

/** XMLHttpRequest for the calls that follow their upload's progress. */
function viaXhr(config: PreparedRequest): Promise<AdapterReply> {
  return new Promise((resolve, reject) => {
    const { body, headers } = bodyOf(config);
    const xhr = new XMLHttpRequest();
    xhr.open(config.method.toUpperCase(), urlOf(config));
    headers.forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.responseType = config.responseType === 'blob' ? 'blob' : 'text';
    xhr.upload.onprogress = (e) => config.onUploadProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    const abort = () => xhr.abort();
    config.signal?.addEventListener('abort', abort, { once: true });
    xhr.onload = () => {
      config.signal?.removeEventListener('abort', abort);
      const replied = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) replied.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const ok = xhr.status >= 200 && xhr.status < 300;
      const data = xhr.responseType === 'blob' ? (ok ? (xhr.response as Blob) : undefined) : parse(xhr.responseText);
      resolve({ status: xhr.status, data, headers: headerRecord(replied) });
    };
    xhr.onerror = () => reject(new TransportError('network', 'Network Error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (config.signal?.aborted) xhr.abort();
    else xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

/** The browser's network: fetch, or XMLHttpRequest when the caller follows the upload. */
export const networkAdapter: Adapter = (config) => (config.onUploadProgress ? viaXhr(config) : viaFetch(config));

export type Interceptors = {
  /** Before every request (the token, the base URL). */
  request?: (config: PreparedRequest) => PreparedRequest;
  /** Every 2xx answer (an envelope reporting a failure is thrown here). */
  response?: (response: HttpResponse) => HttpResponse;
  /** Every failure: a TransportError or an HttpStatusError; returns what the call rejects with. */
  error?: (error: TransportError | HttpStatusError, config: PreparedRequest) => unknown;
};

type Defaults = { adapter: Adapter; timeout: number; headers: Record<string, string> };

/** An http client: `defaults` (the adapter is the network boundary) and the interceptors of spec §8. */
export function createHttp(defaults: Partial<Defaults> = {}, interceptors: Interceptors = {}) {
  const settings: Defaults = { adapter: networkAdapter, timeout: 0, headers: {}, ...defaults };

  async function request<T = unknown>(config: HttpRequestConfig): Promise<HttpResponse<T>> {
    const headers = new Headers(settings.headers);
    new Headers(config.headers).forEach((value, key) => headers.set(key, value));
    let prepared: PreparedRequest = {
      ...config, url: config.url ?? '', method: (config.method ?? 'GET').toLowerCase(), headers, timeout: config.timeout ?? settings.timeout,
    };
    if (isJson(prepared.data)) prepared.data = JSON.stringify(prepared.data);
    if (interceptors.request) prepared = interceptors.request(prepared);
    const caller = prepared.signal;
    const controller = new AbortController();
    let timedOut = false;
    const timer = prepared.timeout > 0 ? setTimeout(() => { timedOut = true; controller.abort(); }, prepared.timeout) : undefined;
    const onAbort = () => controller.abort();
    caller?.addEventListener('abort', onAbort, { once: true });
    if (caller?.aborted) controller.abort();
    const fail = (error: TransportError | HttpStatusError) => {
      throw interceptors.error ? interceptors.error(error, prepared) : error;
    };
    let reply: AdapterReply;
    try {
      if (controller.signal.aborted) throw new TransportError('cancel', 'canceled');
      reply = await settings.adapter({ ...prepared, signal: controller.signal });
    } catch (error) {
      if (timedOut) return fail(new TransportError('timeout', `timeout of ${prepared.timeout}ms exceeded`));
      if (caller?.aborted) return fail(new TransportError('cancel', 'canceled'));
      if (error instanceof TransportError) return fail(error);
      return fail(new TransportError('network', 'Network Error'));
    } finally {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    }
    const response: HttpResponse<T> = { data: reply.data as T, status: reply.status, headers: reply.headers, config: prepared };
    if (reply.status < 200 || reply.status >= 300) return fail(new HttpStatusError(response));
    return (interceptors.response ? interceptors.response(response) : response) as HttpResponse<T>;
  }

  type Options = Omit<HttpRequestConfig, 'url' | 'method' | 'data'>;
  return {
    defaults: settings,
    request,
    get: <T = unknown>(url: string, options: Options = {}) => request<T>({ ...options, url, method: 'GET' }),
    delete: <T = unknown>(url: string, options: Options = {}) => request<T>({ ...options, url, method: 'DELETE' }),
    post: <T = unknown>(url: string, data?: unknown, options: Options = {}) => request<T>({ ...options, url, method: 'POST', data }),
    put: <T = unknown>(url: string, data?: unknown, options: Options = {}) => request<T>({ ...options, url, method: 'PUT', data }),
  };
}

export type Http = ReturnType<typeof createHttp>;
