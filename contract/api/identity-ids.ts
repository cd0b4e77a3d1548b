// Identity constants without TypeBox, so the renderer bundle stays free of it.

/** Ids of the three system accounts (三员): 系统管理员, 安全保密管理员, 安全审计员. */
export const SYSTEM_ACCOUNT_IDS = [-1, -2, -3] as const;
export const SYSADMIN_ID = -1;
export const SECADMIN_ID = -2;
export const AUDITADMIN_ID = -3;

/** Root department id (spec §9). */
export const ROOT_DEPT_ID = -2;

/** Pseudo-role id meaning 对所有人可见 (spec §3). */
export const EVERYONE_ROLE_ID = -2;

/** Whether a user id is one of the system accounts confined to system management. */
export function isSystemAccount(id: number | string | null | undefined): boolean {
  return SYSTEM_ACCOUNT_IDS.includes(Number(id) as (typeof SYSTEM_ACCOUNT_IDS)[number]);
}

/**
 * Paths every signed-in account may open without a granted function (spec §3 `otherFunc`). For an ordinary
 * account the server treats them as held functions: a user without a role may chat in their own dialogues and
 * read the spaces and documents they may see (secrecy and visibility still decide what), but holds no button
 * (D27). The client stores the same list as `otherFunc`.
 */
export const OTHER_FUNC_PATHS: readonly string[] = ['/chatWindow', '/login', '/', '/knowledgeBase', '/sysMgr/index', '/knowledgeList'];

/** The functions an ordinary account holds whatever its roles: the business pages among `OTHER_FUNC_PATHS`. */
export const BASE_BUSINESS_FUNCS: readonly string[] = ['/chatWindow', '/knowledgeBase', '/knowledgeList'];
