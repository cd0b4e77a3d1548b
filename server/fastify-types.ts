// What a route's `config` may say about who calls it (D6); the app adds it to Fastify's types (fastify-augment.ts).

/** Who may call a route (D6). */
export type Access = 'public' | 'session' | 'business' | 'duty';
/** Management duties of the three system accounts. */
export type Duty = 'sysadmin' | 'secadmin' | 'auditadmin';

/** The permission part of a route's `config`. */
export type RouteAccessConfig = {
  access?: Access;
  /** The system account(s) whose duty the route is (三员分立). */
  duty?: Duty | Duty[];
  /** Button grant `path#code` the caller must hold. */
  button?: string;
  /** Function point (menu path) the caller must hold, for reads behind a screen: `/sysMgr/userMgr`. */
  func?: string | string[];
  /**
   * A POST that only reads (DB-GPT's list and search calls): it does not empty the identity cache (D12).
   * Only for handlers that write nothing at all.
   */
  readOnly?: boolean;
  /**
   * Writes only data the identity cache does not hold (chat dialogues, messages, chat files): it does not empty
   * the cache either (D12). Never for a route that writes users, roles, grants, grades or sessions.
   */
  identityUnchanged?: boolean;
  /** Audit action written after the call, with the result taken from the status code (server/plugins/audit.ts). */
  audit?: string;
  /** Allowed while the session must first change its password (D2). */
  allowDuringPasswordChange?: boolean;
};
