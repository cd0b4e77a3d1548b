// Call paths without TypeBox, so the renderer bundle stays free of it.

/** Paths of sign-in and session calls (spec §7, plus the ones the spec leaves unnamed). */
export const AUTH_PATHS = {
  token: '/api/login/webapi/auth/open/oauth-token',
  /** Public key, algorithm and a one-time nonce for encrypting a password (D91; unnamed in the spec). */
  loginKey: '/api/login/webapi/auth/open/login-key',
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

/** Department calls of the system administrator (spec §7). `:id` of the tree is the root -2 or any department. */
export const DEPT_PATHS = {
  tree: '/api/sysMgr/depts/tree/:id',
  flat: '/api/sysMgr/depts/flat-structure/:id',
  one: '/api/sysMgr/depts/:id',
  /** Whether a department named `:name` exists under `:parentId` (excluding none). */
  exist: '/api/sysMgr/depts/exist/:parentId/:name',
  create: '/api/sysMgr/depts',
  update: '/api/sysMgr/depts',
  remove: '/api/sysMgr/depts/:id',
} as const;

/** User calls (spec §7, plus the ones it leaves unnamed). */
export const USER_PATHS = {
  list: '/api/sysMgr/users',
  one: '/api/sysMgr/users/:id',
  create: '/api/sysMgr/users',
  update: '/api/sysMgr/users',
  nameUnique: '/api/sysMgr/users/validation-name-unique',
  /** DELETE disables, PUT enables. */
  disableStatus: '/api/sysMgr/users/:id/disable-status',
  remove: '/api/sysMgr/users/:id',
  resetPassword: '/api/sysMgr/users/:id/reset-password',
  /** Multipart: `file`, and `dryRun` = 'true' to only check the rows. */
  import: '/api/sysMgr/users/import',
  importTemplate: '/api/sysMgr/users/import/template',
  /** The security administrator sets a user's clearance (unnamed in the spec). */
  clearance: '/api/sysMgr/users/:id/clearance',
} as const;

/** Role calls of the security administrator (unnamed in the spec). */
export const ROLE_PATHS = {
  list: '/api/sysMgr/roles',
  one: '/api/sysMgr/roles/:id',
  create: '/api/sysMgr/roles',
  update: '/api/sysMgr/roles',
  remove: '/api/sysMgr/roles/:id',
  members: '/api/sysMgr/roles/:id/members',
  grants: '/api/sysMgr/roles/:id/grants',
  /** `{ name, id }` options for dictionary selects. */
  options: '/api/sysMgr/roles/options',
} as const;

/** Audit-log calls of the audit administrator (unnamed in the spec). */
export const LOG_PATHS = {
  list: '/api/sysMgr/logs',
  export: '/api/sysMgr/logs/export',
  /** The operation types with their Chinese names. */
  actions: '/api/sysMgr/logs/actions',
  /** The signed-in system account's own recent actions (/sysMgr/index). */
  recent: '/api/sysMgr/home-page/recent-activity',
} as const;

/** Function-point calls (spec §7). */
export const FUNC_PATHS = {
  tree: '/api/sysMgr/functions/tree/:type',
  create: '/api/sysMgr/functions',
  update: '/api/sysMgr/functions/function',
  remove: '/api/sysMgr/functions/:id',
  createButton: '/api/sysMgr/functions/button',
  updateButton: '/api/sysMgr/functions/button/:functionId',
  removeButton: '/api/sysMgr/functions/button/:functionId/:buttonId',
  buttons: '/api/sysMgr/functions/button/:functionId',
} as const;

/** Dictionary and selector-tree calls (spec §7). */
export const DICT_PATHS = {
  staticEnum: '/api/sysMgr/model-desc/static-enum',
  tree4def: '/api/sysMgr/flat-tree-dict/:dictCode/tree4def',
  /** The dictionary groups and their codes. */
  groups: '/api/sysMgr/flat-tree-dict/groups',
  /** `{ name, id }` options of one dictionary (an action URL for dictionary selects). */
  options: '/api/sysMgr/flat-tree-dict/:dictCode/options',
  /** `{ name, id }` options of the secrecy grades. */
  gradeOptions: '/api/sysMgr/grades/options',
  tbom: '/api/dataMgr/tbom-tree/tbomsForSelector',
  /** 字典管理 (issue 17): a dictionary's entries as flat rows; POST adds one. */
  items: '/api/sysMgr/flat-tree-dict/:dictCode/items',
  /** PUT edits an entry, DELETE removes a non-system one. */
  item: '/api/sysMgr/flat-tree-dict/:dictCode/items/:id',
  /** POST { disabled } disables or enables an entry. */
  itemDisable: '/api/sysMgr/flat-tree-dict/:dictCode/items/:id/disable',
} as const;

/**
 * 统计 (issue 17, issue 27 §6): one path per system account's figures (系统运行 / 安全保密 / 安全审计), each refused to
 * the other two; the xlsx holds the figures of the caller's duty.
 */
export const STATISTICS_PATHS = {
  system: '/api/sysMgr/statistics/system',
  security: '/api/sysMgr/statistics/security',
  audit: '/api/sysMgr/statistics/audit',
  export: '/api/sysMgr/statistics/export',
} as const;

/** 错误日志 (issue 17): GET a page of the server's errors, filtered. */
export const ERROR_LOG_PATHS = { list: '/api/sysMgr/error-log/list', export: '/api/sysMgr/error-log/export' } as const;

/** Fills `:name` segments of a path: `fillPath(DEPT_PATHS.one, { id: 3 })`. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** Knowledge calls (spec §7, DB-GPT's shapes; the ones the spec leaves unnamed follow DB-GPT v0.6). `:space` is the space name. */
export const KNOWLEDGE_PATHS = {
  spaceList: '/knowledge/space/list',
  /** The space dialog's department picker: names and places only (D93; the department screens' reads stay theirs). */
  spaceDepts: '/knowledge/space/depts',
  spaceAdd: '/knowledge/space/add',
  spaceSave: '/knowledge/space/save',
  spaceDelete: '/knowledge/space/delete',
  spaceCheck: '/knowledge/space/check',
  defaultArguments: '/knowledge/default/arguments',
  spaceArguments: '/knowledge/:space/arguments',
  taskCreate: '/knowledge/task/create',
  taskRetry: '/knowledge/task/retry',
  taskRetryFailed: '/knowledge/task/retry_failed',
  /** 停止: a queued or running document stopped (a long scan's recognition ended), to be retried later. */
  taskStop: '/knowledge/task/stop',
  upload: '/knowledge/:space/document/upload',
  documentList: '/knowledge/:space/document/list',
  documentUpdate: '/knowledge/:space/document/update',
  documentDelete: '/knowledge/:space/document/delete',
  /** The original file of a document. */
  documentDownload: '/knowledge/:space/document/:id/download',
  chunkList: '/knowledge/:space/chunk/list',
  /** The owner mends a finished document's chunks (issue 29). */
  chunkUpdate: '/knowledge/:space/chunk/update',
  chunkDisable: '/knowledge/:space/chunk/disable',
  chunkDelete: '/knowledge/:space/chunk/delete',
  chunkAdd: '/knowledge/:space/chunk/add',
  /** 全部重新处理: every document of the space queued again (its owner only). */
  documentReprocessAll: '/knowledge/:space/document/reprocess_all',
  recallTest: '/knowledge/:space/recall_test',
} as const;

/** Chat calls (spec §7; DB-GPT's paths). `:id` of chat files is the dialogue's `conv_uid`, of a file's status the file id. */
export const CHAT_PATHS = {
  dialogueList: '/api/v1/chat/dialogue/list',
  dialogueNew: '/api/v1/chat/dialogue/new',
  dialogueDelete: '/api/v1/chat/dialogue/delete',
  history: '/api/v1/chat/dialogue/messages/history',
  modeParams: '/api/v1/chat/mode/params/list',
  completions: '/api/v1/chat/completions',
  /** Stops the dialogue's running answer (as closing the stream does; also through proxies that keep it open). */
  stop: '/api/v1/chat/dialogue/stop',
  /** Chat with tools: the user's yes or no to a 写入 / 对外发送 call waiting in the running answer. */
  toolConfirm: '/api/v1/chat/tool/confirm',
  /** Chat with tools: stops a call still running in the running answer (the model is told it was cancelled). */
  toolCancel: '/api/v1/chat/tool/cancel',
  /** An image a tool answered in a call (`?call_id=&index=`), for the dialogue's owner. */
  toolImage: '/api/v1/chat/tool/image',
  /** Names of the configured chat models (DB-GPT `model/types`). */
  modelTypes: '/api/v1/model/types',
  concurrency: '/api/v1/worker/model/get_concurrency_status',
  files: '/document/chat/files/:id',
  fileStatus: '/document/chat/file/:id/status',
  fileAdd: '/document/chat/file/add',
  excelFileAdd: '/document/excel/chat/file/add',
} as const;

/** What one upload may carry, per purpose (issue 27 §5): any signed-in user. */
export const UPLOAD_PATHS = { limits: '/api/v1/uploads/limits' } as const;

/** Test-case generation (spec §7; issue 14): the AI family under /api/apps. */
export const TESTCASE_PATHS = {
  generate: '/api/apps/testcase_generation/v2/generate',
  taskStatus: '/api/apps/testcase_generation/v2/task_status',
  list: '/api/apps/testcase_generation/v2/list',
  detail: '/api/apps/testcase_generation/v2/detail',
  start: '/api/apps/testcase_generation/v2/start',
  pause: '/api/apps/testcase_generation/v2/task/pause',
  resume: '/api/apps/testcase_generation/v2/task/resume',
  terminate: '/api/apps/testcase_generation/v2/task/terminate',
  skip: '/api/apps/testcase_generation/v2/item/skip',
  editItem: '/api/apps/testcase_generation/v2/item/edit',
  mergeItem: '/api/apps/testcase_generation/v2/item/merge',
  editCase: '/api/apps/testcase_generation/v2/case/edit',
  addCase: '/api/apps/testcase_generation/v2/case/add',
  deleteCase: '/api/apps/testcase_generation/v2/case/delete',
  /** multipart, like generate: a newer version of the source (`file` with `secrecy`, or `doc_id`) and `generation_id`. */
  replaceSource: '/api/apps/testcase_generation/v2/source/replace',
  archive: '/api/apps/testcase_generation/v2/archive',
  /** The cases as a file: body { generation_id, format: 'xlsx' | 'xmind' }. */
  export: '/api/apps/testcase_generation/v2/export',
} as const;

/** Tools base (issue 15): tool sets, their tools, and trying a tool (the AI family's style). */
export const TOOL_PATHS = {
  setList: '/api/v1/tools/set/list',
  setAdd: '/api/v1/tools/set/add',
  setEdit: '/api/v1/tools/set/edit',
  setDelete: '/api/v1/tools/set/delete',
  setRefresh: '/api/v1/tools/set/refresh',
  /** 从 URL 导入: the server reads an OpenAPI document from its address for the set dialog (nothing is saved). */
  specFetch: '/api/v1/tools/spec/fetch',
  list: '/api/v1/tools/list',
  edit: '/api/v1/tools/edit',
  call: '/api/v1/tools/call',
  /** Stops a 试用 call still running (named by the `call_id` the call was sent with). */
  callCancel: '/api/v1/tools/call/cancel',
  /** The grant picker's departments: names only (D88). */
  depts: '/api/v1/tools/depts',
} as const;

/** Database chat connections (spec §7, DB-GPT's paths) and the SQL editor's run call (DB-GPT's editor). */
export const DB_PATHS = {
  list: '/api/v1/chat/db/list',
  add: '/api/v1/chat/db/add',
  edit: '/api/v1/chat/db/edit',
  /** POST ?db_name= */
  remove: '/api/v1/chat/db/delete',
  testConnect: '/api/v1/chat/db/test/connect',
  supportType: '/api/v1/chat/db/support/type',
  sqlRun: '/api/v1/editor/sql/run',
} as const;
