import type { AccountStrategy, UserDetail } from '../../contract/api';

/** A platform-family success answer. */
export const ok = <T,>(results: T) => ({ status: 200, data: { code: 200, message: '成功', results } });

/** An AI-family success answer. */
export const aiOk = <T,>(data: T) => ({ status: 200, data: { success: true, err_code: null, err_msg: null, data } });
/** An AI-family refusal with the server's message. */
export const aiFail = (status: number, message: string) => ({
  status, data: { success: false, err_code: `E${status}`, err_msg: message, data: null },
});

/** The JSON body a call sent. */
export function bodyOf(call: { data?: unknown }): Record<string, unknown> {
  return typeof call.data === 'string' ? (JSON.parse(call.data) as Record<string, unknown>) : {};
}

// The pages and antd load lazily; on a busy machine the first render takes seconds.
export const LOAD = { timeout: 15_000 };

export function userDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    user: { id: 12, fullName: '演示用户', username: 'demo', deptId: 3, roles: [{ id: 5, name: '研发人员' }] },
    deptName: '研发中心',
    roles: [{ id: 5, name: '研发人员' }],
    clearance: { code: 'secret', text: '秘密', rank: 3 },
    grades: [
      { code: 'public', text: '公开', rank: 1 },
      { code: 'internal', text: '内部', rank: 2 },
      { code: 'secret', text: '秘密', rank: 3 },
    ],
    allFunc: ['/knowledgeBase'],
    allBtn: { '/knowledgeBase#add': true },
    mustChangePassword: false,
    ...overrides,
  };
}

export function strategy(overrides: Partial<AccountStrategy> = {}): AccountStrategy {
  return { mustChangePassword: false, locked: false, lockedUntil: null, passwordMinLength: 8, ...overrides };
}

export const tokenReply = (token = 'tok-1') => ({
  status: 200,
  data: { access_token: token, token_type: 'bearer', expires_in: 3600 },
});
