// Limits of the role calls without TypeBox, so the renderer can import them (`contract/api/sys-mgr/roles-limits`).

/** Longest role name (characters). */
export const ROLE_NAME_MAX = 50;
/** Longest role description (characters). */
export const ROLE_DESCRIPTION_MAX = 200;
/** Most users one member-list call may set. */
export const ROLE_MEMBERS_MAX = 10_000;
/** Function type of the business area (知识库, 智能问答, …) in the grants tree. */
export const GRANT_TYPE_BUSINESS = 1;
/** Function type of the management area (/sysMgr, /implConfigMgr); only the system roles hold these. */
export const GRANT_TYPE_MANAGEMENT = 2;
