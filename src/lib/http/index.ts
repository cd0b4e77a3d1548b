// The http client (axios; D90). RTK Query (`./api`, `./base-query`) is imported directly by the signed-in
// areas only, so the sign-in pages load without Redux.
export { http } from './client';
export { REQUEST_TIMEOUT_MS } from './config';
export { unwrap, unwrapAi, unwrapPlatform, isAiEnvelope, isPlatformEnvelope } from './envelope';
export { ApiError, serverMessage, toErrorInfo, type ApiErrorInfo, type FailureKind } from './errors';
export { postMultipart, toFormData, type MultipartValue } from './multipart';
export type { HttpRequestConfig, HttpResponse } from './types';
