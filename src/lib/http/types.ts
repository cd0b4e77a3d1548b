import type { AxiosRequestConfig, AxiosResponse, Method } from 'axios';

/** A call's settings (axios'; `silent` added in config.ts). */
export type HttpRequestConfig = AxiosRequestConfig;
export type HttpResponse<T = unknown> = AxiosResponse<T>;
export type HttpMethod = Method;
/** Query parameters: null and undefined are left out, arrays repeat their key as `key[]` (axios' default). */
export type HttpParams = Record<string, unknown>;
