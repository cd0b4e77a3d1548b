import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';

/** Filled in by the management issue. */
export function functionRoutes(_deps: Deps): FastifyPluginAsyncTypebox {
  return async () => {};
}
