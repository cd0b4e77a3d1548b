import { MESSAGES } from '../../../contract/api/runtime';
import { apiBaseUrl } from '../../platform';
import { getToken } from '../storage';
import { ERROR_TOAST_SECONDS, notify } from '../notify';
import { isEnvelopeFailure } from './envelope';
import { ApiError, bodyCode, endsSession, messageForFailure } from './errors';
import { endSession, refusedHeldSession } from './session-end';
import { HttpStatusError, type HttpResponse, type Interceptors, type PreparedRequest, type TransportError } from './transport';

function attachDefaults(config: PreparedRequest): PreparedRequest {
  if (!config.baseURL) config.baseURL = apiBaseUrl() || undefined;
  const token = getToken();
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
}

/** Shows the failure as spec §8 says (unless the call is silent) and returns the error to reject with. */
function fail(error: ApiError, config: PreparedRequest): ApiError {
  if (error.kind === 'cancel') return error;
  const ending = error.status !== null && endsSession(error.status);
  if (ending && (!config.silent || refusedHeldSession(config.headers.get('Authorization')))) {
    endSession(error.message, { method: config.method, status: error.status });
  } else if (!config.silent) notify().error(error.message, ERROR_TOAST_SECONDS);
  return error;
}

/** A transport failure as an ApiError (spec §8, transport rows). */
function transportError(error: TransportError): ApiError {
  if (error.code === 'cancel') return new ApiError('cancel', MESSAGES.cancelled);
  if (error.code === 'timeout') return new ApiError('timeout', MESSAGES.timeout);
  return new ApiError('network', MESSAGES.networkError);
}

function statusError(httpStatus: number, body: unknown): ApiError {
  const code = bodyCode(body);
  // A business code that ends the session wins over the HTTP status; otherwise the status decides.
  const status = code !== null && endsSession(code) ? code : httpStatus;
  return new ApiError('status', messageForFailure(status, body), status, body);
}

function onFulfilled(response: HttpResponse): HttpResponse {
  if (!isEnvelopeFailure(response.data)) return response;
  const code = bodyCode(response.data) ?? response.status;
  throw fail(new ApiError('status', messageForFailure(code, response.data), code, response.data), response.config);
}

function onRejected(error: TransportError | HttpStatusError, config: PreparedRequest): ApiError {
  if (error instanceof HttpStatusError) return fail(statusError(error.response.status, error.response.data), config);
  return fail(transportError(error), config);
}

/** Bearer token and base URL on every request; every row of spec §8 on every answer. */
export const interceptors: Interceptors = { request: attachDefaults, response: onFulfilled, error: onRejected };
