import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { http, type Http } from './client';
import { unwrap } from './envelope';
import { toErrorInfo, type ApiErrorInfo } from './errors';
import type { HttpMethod, HttpParams } from './types';

/** Arguments of an RTK Query endpoint on the http client. */
export type HttpArgs = {
  url: string;
  method?: HttpMethod;
  data?: unknown;
  params?: HttpParams;
  headers?: Record<string, string>;
  silent?: boolean;
  /** Return the body as it is instead of the envelope's payload. */
  raw?: boolean;
};

/** RTK Query base query over the http client: resolves `{ data }` (the envelope's payload) or `{ error }`, never throws. */
export function httpBaseQuery(instance: Http = http): BaseQueryFn<HttpArgs, unknown, ApiErrorInfo> {
  return async ({ url, method = 'GET', data, params, headers, silent, raw }, { signal }) => {
    try {
      const response = await instance.request({ url, method, data, params, headers, silent, signal });
      return { data: raw ? response.data : unwrap(url, response.data) };
    } catch (error) {
      return { error: toErrorInfo(error) };
    }
  };
}
