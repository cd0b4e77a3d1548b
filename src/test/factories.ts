import type { AccountStrategy, UserDetail } from '../../contract/api';

/** A management-family success answer. */
export const ok = <T,>(results: T) => ({ status: 200, data: { code: 200, message: '成功', results } });

export function userDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    user: { id: 12, fullName: '演示用户', username: 'demo', deptId: 3, roles: [{ id: 5, name: '研发人员' }] },
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
