/** Business code of an invalid, expired or revoked session (spec §8). */
export const CODE_TOKEN_INVALID = 10011039;
/** Business code of a session whose password must be changed before anything else. */
export const CODE_PASSWORD_CHANGE_REQUIRED = 10011040;
/** Business code of a request refused by permissions (system-account confinement, button grants). */
export const CODE_FORBIDDEN = 10011041;

/** Status messages of spec §8, shared by the server's error handler and the client's interceptor. */
export const STATUS_MESSAGES: Record<number, string> = {
  [CODE_TOKEN_INVALID]: '登录信息无效，请重新登录',
  401: '登录信息无效，请重新登录',
  403: '登录已过期，请重新登录',
  404: '请求的资源不存在',
  400: '请求错误',
  413: '请求内容过大',
  415: '不支持的文件类型',
  429: '请求过于频繁，请稍后再试',
  500: '后端服务异常，请联系管理员',
  0: '后端服务异常，请联系管理员',
  503: '服务未启动',
  504: '请求超时',
};

/** Interface texts of spec §8 and §4 that more than one place shows. */
export const MESSAGES = {
  networkError: '后端接口连接异常',
  cancelled: '请求已取消',
  timeout: '系统接口请求超时',
  statusError: (status: number) => `系统接口${status}异常`,
  loginWrongPassword: '用户名或密码错误，请重新输入',
  loginFailed: '登录失败',
  noToken: '登录信息无效，请重新登录',
  idleLogout: '超时了，已退出登录',
  refreshOk: '刷新成功',
  noDescriptor: '未绑定字段描述',
  missingFile: '缺少文件参数',
  uploadCancelled: '取消上传',
  noModel: '未配置大模型',
} as const;

/** OAuth error answered by the token endpoint for bad credentials (spec §8 matches on the description). */
export const OAUTH_DENIED = { error: 'invalid_grant', error_description: 'Access token denied' } as const;

/** The Chinese message for an HTTP status or business code. */
export function messageForStatus(status: number): string {
  return STATUS_MESSAGES[status] ?? MESSAGES.statusError(status);
}

/** Messages the server puts in error bodies for its business codes (the client may show them). */
export const ERROR_TEXTS = {
  tokenInvalid: '登录信息无效，请重新登录',
  forbidden: '没有权限执行此操作',
  passwordChangeRequired: '请先修改初始密码',
} as const;

/** OAuth error answered by the token endpoint while the account is locked (D4). */
export const OAUTH_LOCKED = { error: 'invalid_grant', error_description: 'Account locked' } as const;
