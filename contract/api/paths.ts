// Call paths without TypeBox, so the renderer bundle stays free of it.

/** Paths of sign-in and session calls (spec §7, plus the ones the spec leaves unnamed). */
export const AUTH_PATHS = {
  token: '/api/login/webapi/auth/open/oauth-token',
  validate: '/api/sysMgr/webapi/account-strategy/validate',
  userDetail: '/api/sysMgr/home-page/user-detail',
  logout: '/api/sysMgr/webapi/admin-monitor/logout',
  license: '/api/sysMgr/webapi/admin-monitor/license',
  /** Profile of the signed-in user (unnamed in the spec). */
  profile: '/api/sysMgr/home-page/profile',
  /** Roles of the signed-in user (unnamed in the spec). */
  myRoles: '/api/sysMgr/home-page/roles',
  /** Secrecy grades the signed-in user may use (unnamed in the spec). */
  grades: '/api/sysMgr/home-page/grades',
  /** Change one's own password (unnamed in the spec). */
  password: '/api/sysMgr/home-page/password',
} as const;

/** Account-strategy calls of the security administrator (spec §7). */
export const ACCOUNT_PATHS = {
  /** Lifts a sign-in lock; `userId` or `username` in the query or the body. */
  unlockUser: '/api/sysMgr/webapi/account-strategy/unlock-user',
} as const;

/** Liveness and readiness probes (not part of the envelope families). */
export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;
