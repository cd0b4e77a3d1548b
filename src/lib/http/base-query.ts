import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { AxiosInstance, AxiosRequestConfig, Method } from 'axios';
import { http } from './client';
import { unwrap } from './envelope';
import { toErrorInfo, type ApiErrorInfo } from './errors';

/** Arguments of an RTK Query endpoint on the axios instance. */
export type HttpArgs = {
  url: string;
  method?: Method;
  data?: unknown;
  params?: unknown;
  headers?: Record<string, string>;
  silent?: boolean;
  /** Return the body as it is instead of the envelope's payload. */
  raw?: boolean;
};

/** RTK Query base query over axios: resolves `{ data }` (the envelope's payload) or `{ error }`, never throws. */
export function axiosBaseQuery(instance: AxiosInstance = http): BaseQueryFn<HttpArgs, unknown, ApiErrorInfo> {
  return async ({ url, method = 'GET', data, params, headers, silent, raw }, { signal }) => {
    try {
      const config: AxiosRequestConfig = { url, method, data, params, headers, silent, signal };
      const response = await instance.request(config);
      return { data: raw ? response.data : unwrap(url, response.data) };
    } catch (error) {
      return { error: toErrorInfo(error) };
    }
  };
}
