import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { Type } from 'typebox';
import { AUTH_PATHS, LoginKeyAnswer, PlatformEnvelope } from '../../../contract/api';
import type { Deps } from '../../deps';
import { HttpError } from '../../http-error';
import { ok } from '../../http/envelope';
import { loginKeyPair } from '../../identity/login-cipher/keys';
import { issueNonce, NONCE_WINDOW_MS } from '../../identity/login-cipher/nonce';
import { throttledMessage } from './token';

/** Nonces one source address may take per minute: every sign-in and password change takes one or two. */
export const LOGIN_KEY_PER_MINUTE = 120;

/**
 * GET login-key (public, D91): the public key of the configured algorithm and a fresh one-time nonce. Handing one
 * out writes nothing (the nonce is signed); each source address is limited in memory, as failed sign-ins are.
 */
export function loginKeyRoute(deps: Deps): FastifyPluginAsyncTypebox {
  const limiter = new RateLimiterMemory({ points: LOGIN_KEY_PER_MINUTE, duration: 60 });
  return async (app) => {
    app.get(AUTH_PATHS.loginKey, {
      config: { access: 'public' },
      schema: { querystring: Type.Object({}), response: { 200: PlatformEnvelope(LoginKeyAnswer) } },
    }, async (request, reply) => {
      try {
        await limiter.consume(request.ip);
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        reply.header('retry-after', String(seconds));
        throw new HttpError(429, throttledMessage(seconds));
      }
      const pair = await loginKeyPair(deps, deps.config.loginCrypto);
      const now = deps.now();
      return ok({
        alg: pair.alg,
        publicKey: pair.publicKey,
        nonce: issueNonce(pair.nonceKey, now),
        serverTime: now.getTime(),
        expiresIn: NONCE_WINDOW_MS / 1000,
        plainRefused: deps.config.loginPlainPassword === 'refuse',
      });
    });
  };
}
