import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OTHER_FUNC,
  clearSession,
  getAllBtn,
  getAllFunc,
  getAllowedPaths,
  getLastClickTime,
  getOtherFunc,
  getToken,
  getUserInfo,
  getVisitorId,
  hasButton,
  setAllBtn,
  setAllFunc,
  setLastClickTime,
  setToken,
  setUserInfo,
  setVisitorId,
} from './storage';

const user = { id: 5, fullName: '演示用户', username: 'demo', deptId: 3, roles: [{ id: 1, name: '研发' }] };

describe('browser storage (spec §3)', () => {
  it('keeps the session under the spec key names', () => {
    setToken('abc');
    setUserInfo(user);
    setAllFunc(['/knowledgeBase']);
    setAllBtn({ '/sysMgr/userMgr#add': true });
    setLastClickTime(1234);
    expect(localStorage.getItem('token')).toBe('abc');
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual(user);
    expect(JSON.parse(localStorage.getItem('allFunc')!)).toEqual(['/knowledgeBase']);
    expect(JSON.parse(localStorage.getItem('allBtn')!)).toEqual({ '/sysMgr/userMgr#add': true });
    expect(localStorage.getItem('lastClickTime')).toBe('1234');
    expect(getToken()).toBe('abc');
    expect(getUserInfo()).toEqual(user);
    expect(getLastClickTime()).toBe(1234);
  });

  it('defaults otherFunc to the paths every user may open', () => {
    expect(getOtherFunc()).toEqual(['/chatWindow', '/login', '/', '/knowledgeBase', '/sysMgr/index', '/knowledgeList']);
    expect(DEFAULT_OTHER_FUNC).toHaveLength(6);
  });

  it('allows allFunc ∪ otherFunc', () => {
    setAllFunc(['/sqlBase']);
    const allowed = getAllowedPaths();
    expect(allowed.has('/sqlBase')).toBe(true);
    expect(allowed.has('/chatWindow')).toBe(true);
    expect(allowed.has('/toolsBase')).toBe(false);
  });

  it('shows a button only when allBtn has path#code', () => {
    setAllBtn({ '/sysMgr/userMgr#add': true });
    expect(hasButton('/sysMgr/userMgr', 'add')).toBe(true);
    expect(hasButton('/sysMgr/userMgr', 'delete')).toBe(false);
  });

  it('survives malformed values', () => {
    localStorage.setItem('userInfo', '{not json');
    localStorage.setItem('allFunc', '"x"');
    localStorage.setItem('allBtn', '[1]');
    localStorage.setItem('lastClickTime', 'soon');
    expect(getUserInfo()).toBeNull();
    expect(getAllFunc()).toEqual([]);
    expect(getAllBtn()).toEqual({});
    expect(getLastClickTime()).toBeNull();
  });

  it('clearSession removes the session but keeps the visitor id', () => {
    setToken('abc');
    setUserInfo(user);
    setAllFunc(['/x']);
    setAllBtn({ a: true });
    setLastClickTime(1);
    localStorage.setItem('otherFunc', '["/x"]');
    setVisitorId('v1');
    clearSession();
    for (const key of ['token', 'userInfo', 'allFunc', 'allBtn', 'lastClickTime', 'otherFunc']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(getVisitorId()).toBe('v1');
  });
});
