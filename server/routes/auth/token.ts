import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_PATHS, OAUTH_DENIED, OAUTH_LOCKED, TokenQuery, TokenResponse } from '../../../contract/api';
import type { Deps } from '../../deps';
import { signIn } from '../../identity/sign-in';
import { sendUnschematised } from '../../http/envelope';
import { requestMeta } from '../request-meta';

/** GET oauth-token: the password grant (credentials in the query, as the client sends them). */
export function tokenRoute(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(AUTH_PATHS.token, {
      config: { access: 'public' },
      schema: { querystring: TokenQuery, response: { 200: TokenResponse } },
    }, async (request, reply) => {
      const { username, password } = request.query;
      const result = await signIn(deps, { username, password }, requestMeta(request));
      if (result.kind === 'ok') {
        return { access_token: result.token, token_type: 'bearer' as const, expires_in: result.expiresIn };
      }
      const body = result.kind === 'locked'
        ? { ...OAUTH_LOCKED, lockedUntil: result.lockedUntil.toISOString() }
        : OAUTH_DENIED;
      return sendUnschematised(reply, 400, body);
    });
  };
}
