import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AUDITADMIN_ID, BASE_BUSINESS_FUNCS, CODE_FORBIDDEN, CODE_PASSWORD_CHANGE_REQUIRED, CODE_TOKEN_INVALID, ERROR_TEXTS, familyOf,
  isSystemAccount, SECADMIN_ID, SYSADMIN_ID,
} from '../../contract/api';
import type { Deps } from '../deps';
import type { Duty } from '../fastify-types';
import { HttpError } from '../http-error';
import { grantsOfUser } from '../identity/access';
import { authenticate } from '../identity/sessions';

const DUTY_USER: Record<Duty, number> = { sysadmin: SYSADMIN_ID, secadmin: SECADMIN_ID, auditadmin: AUDITADMIN_ID };

/** The bearer token of a request: from the Authorization header only, never the query string. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

function forbidden(): HttpError {
  return new HttpError(403, ERROR_TEXTS.forbidden, CODE_FORBIDDEN);
}

/** The single onRequest hook enforcing `config.access` (D6) and system-account confinement. */
export function registerAccess(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // Unmatched paths go to the not-found handler; a route without access is refused (fail closed).
    if (request.is404) return;
    const access = config.access;
    if (access === 'public') return;
    if (!access) throw forbidden();
    const token = bearerToken(request);
    const session = token ? await authenticate(deps, token) : null;
    if (!session) throw new HttpError(401, ERROR_TEXTS.tokenInvalid, CODE_TOKEN_INVALID);
    request.auth = session;
    const user = session.user;
    if (user.mustChangePassword && !config.allowDuringPasswordChange) {
      throw new HttpError(403, ERROR_TEXTS.passwordChangeRequired, CODE_PASSWORD_CHANGE_REQUIRED);
    }
    const system = isSystemAccount(user.id);
    // System accounts never reach the business (AI) family, whatever a route declares.
    if (system && (access === 'business' || familyOf(request.url) === 'ai')) throw forbidden();
    if (access === 'duty') {
      const duties = config.duty === undefined ? [] : ([] as Duty[]).concat(config.duty);
      if (!system || !duties.some((duty) => DUTY_USER[duty] === user.id)) throw forbidden();
    }
    if (config.func || config.button) {
      // One read of the grants for both checks.
      const { allFunc, allBtn } = await grantsOfUser(deps, user.id);
      // An ordinary account holds the business pages of otherFunc whatever its roles (D27); buttons stay granted.
      const held = (path: string) => allFunc.includes(path) || (!system && BASE_BUSINESS_FUNCS.includes(path));
      if (config.func && !([] as string[]).concat(config.func).some(held)) throw forbidden();
      if (config.button && allBtn[config.button] !== true) throw forbidden();
    }
  });
}
