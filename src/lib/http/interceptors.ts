import { isCancel, type AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { MESSAGES } from '../../../contract/api/runtime';
import { apiBaseUrl } from '../../platform';
import { getToken } from '../storage';
import { ERROR_TOAST_SECONDS, notify } from '../notify';
import { isEnvelopeFailure } from './envelope';
import { ApiError, bodyCode, endsSession, messageForFailure } from './errors';
import { endSession, refusedHeldSession, setSessionEndClient } from './session-end';

function attachDefaults(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  if (!config.baseURL) config.baseURL = apiBaseUrl() || undefined;
  const token = getToken();
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  // axios writes FormData as JSON under the instance's JSON type; a multipart type keeps it FormData, and the browser
  // adapter then drops the type so that the browser sets the boundary.
  if (typeof FormData !== 'undefined' && config.data instanceof FormData) config.headers.setContentType('multipart/form-data');
  return config;
}

/**
 * Shows the failure as spec §8 says (unless the call is silent) and returns the error to reject with. A refusal of
 * the session this window holds ends it even for a silent call (a poll), so nothing keeps asking with it (D92).
 */
function fail(error: ApiError, config: InternalAxiosRequestConfig | undefined): ApiError {
  if (error.kind === 'cancel') return error;
  const silent = config?.silent;
  const ending = error.status !== null && endsSession(error.status);
  const authorization = config?.headers?.get('Authorization');
  if (ending && (!silent || refusedHeldSession(typeof authorization === 'string' ? authorization : null))) {
    endSession(error.message, { method: config?.method, status: error.status });
  } else if (!silent) notify().error(error.message, ERROR_TOAST_SECONDS);
  return error;
}

/** An axios transport failure as an ApiError (spec §8, transport rows). */
function transportError(error: unknown): ApiError {
  if (isCancel(error)) return new ApiError('cancel', MESSAGES.cancelled);
  const e = error as { code?: string };
  if (e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT') return new ApiError('timeout', MESSAGES.timeout);
  return new ApiError('network', MESSAGES.networkError);
}

function statusError(httpStatus: number, body: unknown): ApiError {
  const code = bodyCode(body);
  // A business code that ends the session wins over the HTTP status; otherwise the status decides.
  const status = code !== null && endsSession(code) ? code : httpStatus;
  return new ApiError('status', messageForFailure(status, body), status, body);
}

function onFulfilled(response: AxiosResponse): AxiosResponse {
  if (!isEnvelopeFailure(response.data)) return response;
  const code = bodyCode(response.data) ?? response.status;
  throw fail(new ApiError('status', messageForFailure(code, response.data), code, response.data), response.config);
}

function onRejected(error: AxiosError): Promise<never> {
  if (error instanceof ApiError) return Promise.reject(error);
  if (error.response) return Promise.reject(fail(statusError(error.response.status, error.response.data), error.config));
  return Promise.reject(fail(transportError(error), error.config));
}

/** Bearer token and base URL on every request; every row of spec §8 on every answer. */
export function installInterceptors(instance: AxiosInstance): AxiosInstance {
  instance.interceptors.request.use(attachDefaults);
  instance.interceptors.response.use(onFulfilled, onRejected);
  setSessionEndClient(instance);
  return instance;
}
