// Envelope shapes and families without TypeBox, so the renderer bundle stays free of it.

/** Business code of a successful platform-family answer. */
export const PLATFORM_OK = 200;

/** A platform-family answer with results of type T. */
export type PlatformResult<T> = { code: number; message: string; results: T };
/** An AI-family answer with data of type T. */
export type AiResult<T> = { success: boolean; err_code: string | null; err_msg: string | null; data: T };

/** Which envelope family a path belongs to. */
export type EnvelopeFamily = 'ai' | 'platform';

const AI_PREFIXES = ['/knowledge/', '/api/v1/', '/api/apps/', '/document/'];

/** The family of a request path (query string ignored). */
export function familyOf(path: string): EnvelopeFamily {
  const p = path.split('?')[0];
  return AI_PREFIXES.some((prefix) => p.startsWith(prefix)) ? 'ai' : 'platform';
}
