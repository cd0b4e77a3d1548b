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
