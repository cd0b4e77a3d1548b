import { describe, expect, it } from 'vitest';
import { OTHER_FUNC_PATHS } from '../../contract/api/runtime';
import { decideNavigation, FUNCTION_PAGES } from './guard';

const NO_TOKEN = '登录信息无效，请重新登录';
const NO_ACCESS = '无权访问该页面';
const none: ReadonlySet<string> = new Set();
/** An ordinary user without a role holds otherFunc only (D27). */
const staff = { token: 't', userId: 42, allowed: new Set(OTHER_FUNC_PATHS) };
const anon = { token: null, userId: null, allowed: none };
/** What user-detail grants each system account (D10), with otherFunc. */
const GRANTS: Record<number, string[]> = {
  [-1]: ['/sysMgr/userMgr', '/sysMgr/deptMgr', '/implConfigMgr/funcMgr'],
  [-2]: ['/sysMgr/roleMgr', '/sysMgr/userMgr'],
  [-3]: ['/sysMgr/logMgr'],
};
const system = (userId: number) => ({ token: 't', userId, allowed: new Set([...GRANTS[userId], ...OTHER_FUNC_PATHS]) });

describe('route guard (spec §5)', () => {
  it.each([
    ['/profile', '/login?redirect=%2Fprofile'],
    ['/Transit', '/login?redirect=%2FTransit'],
    ['/knowledgeBase?space=2', '/login?redirect=%2FknowledgeBase%3Fspace%3D2'],
    ['/sysMgr/userMgr', '/login?redirect=%2FsysMgr%2FuserMgr'],
    ['/no-such-page', '/login?redirect=%2Fno-such-page'],
  ])('without a token refuses %s with 登录信息无效，请重新登录 and sends it to %s', (path, to) => {
    expect(decideNavigation({ path, ...anon })).toEqual({ kind: 'redirect', to, message: NO_TOKEN });
  });

  it('a first visit to the bare address opens the sign-in page quietly (no toast)', () => {
    expect(decideNavigation({ path: '/', ...anon })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it.each(['/login', '/login?redirect=%2Fprofile', '/subLogin?token=abc', '/clientLogin'])(
    'without a token lets %s through',
    (path) => {
      expect(decideNavigation({ path, ...anon })).toEqual({ kind: 'allow' });
    },
  );

  it.each([-1, -2, -3])('with a token sends system account %i from /login to /sysMgr', (userId) => {
    expect(decideNavigation({ path: '/login', ...system(userId) })).toEqual({ kind: 'redirect', to: '/sysMgr' });
    expect(decideNavigation({ path: '/clientLogin', ...system(userId) })).toEqual({ kind: 'redirect', to: '/sysMgr' });
  });

  it('with a token sends other accounts from /login to /', () => {
    expect(decideNavigation({ path: '/login?redirect=%2Fprofile', ...staff })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation({ path: '/login', token: 't', userId: null, allowed: none })).toEqual({ kind: 'redirect', to: '/' });
  });

  it.each([
    [-1, '/'],
    [-1, '/Transit'],
    [-2, '/profile'],
    [-3, '/chatWindow'],
    [-3, '/knowledgeBase'],
    [-1, '/no-such-page'],
  ])('confines system account %i: %s redirects to /sysMgr', (userId, path) => {
    expect(decideNavigation({ path, ...system(userId) })).toEqual({ kind: 'redirect', to: '/sysMgr' });
  });

  it.each([
    [-1, '/sysMgr'],
    [-1, '/sysMgr/index'],
    [-2, '/sysMgr/roleMgr'],
    [-3, '/sysMgr/logMgr?page=2'],
    [-1, '/implConfigMgr/funcMgr'],
  ])('lets system account %i open %s', (userId, path) => {
    expect(decideNavigation({ path, ...system(userId) })).toEqual({ kind: 'allow' });
  });

  it('accepts the user id as a string from storage', () => {
    expect(decideNavigation({ path: '/Transit', ...system(-2), userId: '-2' as unknown as number })).toEqual({
      kind: 'redirect',
      to: '/sysMgr',
    });
  });

  it.each(['/', '/Transit', '/profile', '/knowledgeBase', '/no-such-page'])('lets a signed-in user open %s', (path) => {
    expect(decideNavigation({ path, ...staff })).toEqual({ kind: 'allow' });
  });

  it.each(['/sysMgr', '/sysMgr/index', '/implConfigMgr/funcMgr'])('keeps ordinary accounts out of management: %s → /', (path) => {
    expect(decideNavigation({ path, ...staff })).toEqual({ kind: 'redirect', to: '/' });
  });

  it.each([
    [-1, '/sysMgr/logMgr'],
    [-2, '/sysMgr/logMgr?page=2'],
    [-3, '/sysMgr/userMgr'],
    [-3, '/implConfigMgr/funcMgr'],
    [-2, '/sysMgr/deptMgr'],
  ])('sends system account %i opening %s, which it does not hold, to /sysMgr/index with 无权访问该页面', (userId, path) => {
    expect(decideNavigation({ path, ...system(userId) })).toEqual({
      kind: 'redirect', to: '/sysMgr/index', message: NO_ACCESS, tone: 'warning',
    });
  });

  it('decides from the stored grants, not the account id: a withdrawn grant closes the page', () => {
    expect(decideNavigation({ path: '/sysMgr/userMgr', token: 't', userId: -1, allowed: new Set(OTHER_FUNC_PATHS) })).toMatchObject({
      to: '/sysMgr/index', message: NO_ACCESS,
    });
  });

  it('lets an ordinary user without a role open the otherFunc pages (D27)', () => {
    for (const path of ['/chatWindow', '/knowledgeBase', '/knowledgeList?space=产品', '/Transit', '/profile']) {
      expect(decideNavigation({ path, ...staff }), path).toEqual({ kind: 'allow' });
    }
  });

  it('sends an ordinary user opening a home page not held to / with 无权访问该页面', () => {
    const onlyChat = { token: 't', userId: 42, allowed: new Set(['/chatWindow', '/']) };
    expect(decideNavigation({ path: '/knowledgeBase', ...onlyChat })).toEqual({ kind: 'redirect', to: '/', message: NO_ACCESS, tone: 'warning' });
    expect(decideNavigation({ path: '/knowledgeList?space=a', ...onlyChat })).toMatchObject({ to: '/', message: NO_ACCESS });
    expect(decideNavigation({ path: '/chatWindow', ...onlyChat })).toEqual({ kind: 'allow' });
  });

  it('guards every management entry and every non-personal area', () => {
    expect([...FUNCTION_PAGES].sort()).toEqual(
      [
        '/chatWindow', '/implConfigMgr/funcMgr', '/knowledgeBase', '/knowledgeList', '/sqlBase', '/sysMgr/deptMgr', '/sysMgr/dictMgr',
        '/sysMgr/errorLog', '/sysMgr/logMgr', '/sysMgr/roleMgr', '/sysMgr/statistics', '/sysMgr/userMgr', '/testCase', '/toolsBase', '/toolsList',
      ],
    );
  });
});
