import { PLATFORM_OK, familyOf } from '../../../contract/api/runtime';
import type { AiResult, PlatformResult } from '../../../contract/api';

export function isPlatformEnvelope(body: unknown): body is PlatformResult<unknown> {
  return !!body && typeof body === 'object' && typeof (body as PlatformResult<unknown>).code === 'number' && 'message' in body;
}

export function isAiEnvelope(body: unknown): body is AiResult<unknown> {
  return !!body && typeof body === 'object' && typeof (body as AiResult<unknown>).success === 'boolean';
}

/** Whether a 2xx answer still reports a failure in its envelope. */
export function isEnvelopeFailure(body: unknown): boolean {
  if (isAiEnvelope(body)) return body.success === false;
  if (isPlatformEnvelope(body)) return body.code !== PLATFORM_OK;
  return false;
}

/** The `results` of a management answer. */
export function unwrapPlatform<T>(body: PlatformResult<T>): T {
  return body.results;
}

/** The `data` of an AI answer. */
export function unwrapAi<T>(body: AiResult<T>): T {
  return body.data;
}

/** The payload of an answer by its path's family; bodies without an envelope are returned as they are. */
export function unwrap<T>(url: string, body: unknown): T {
  const family = familyOf(url.replace(/^https?:\/\/[^/]+/, ''));
  if (family === 'ai' && isAiEnvelope(body)) return unwrapAi(body) as T;
  if (family === 'platform' && isPlatformEnvelope(body)) return unwrapPlatform(body) as T;
  return body as T;
}
