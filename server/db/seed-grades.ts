/** Default secrecy grades (密级), lowest first; the security administrator may edit the dictionary. */
export const DEFAULT_GRADES = [
  { code: 'public', text: '公开', rank: 10 },
  { code: 'internal', text: '内部', rank: 20 },
  { code: 'secret', text: '秘密', rank: 30 },
  { code: 'confidential', text: '机密', rank: 40 },
] as const;

/** Name of the root department (id -2). */
export const ROOT_DEPT_NAME = '总部';

/** The three system accounts (三员). */
export const SYSTEM_ACCOUNTS = [
  { id: -1, username: 'sysadmin', fullName: '系统管理员' },
  { id: -2, username: 'secadmin', fullName: '安全保密管理员' },
  { id: -3, username: 'auditadmin', fullName: '安全审计员' },
] as const;
