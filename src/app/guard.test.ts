import { describe, expect, it } from 'vitest';
import { decideNavigation } from './guard';

const NO_TOKEN = '登录信息无效，请重新登录';
const staff = { token: 't', userId: 42 };
const anon = { token: null, userId: null };

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
    expect(decideNavigation({ path: '/login', token: 't', userId })).toEqual({ kind: 'redirect', to: '/sysMgr' });
    expect(decideNavigation({ path: '/clientLogin', token: 't', userId })).toEqual({ kind: 'redirect', to: '/sysMgr' });
  });

  it('with a token sends other accounts from /login to /', () => {
    expect(decideNavigation({ path: '/login?redirect=%2Fprofile', ...staff })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation({ path: '/login', token: 't', userId: null })).toEqual({ kind: 'redirect', to: '/' });
  });

  it.each([
    [-1, '/'],
    [-1, '/Transit'],
    [-2, '/profile'],
    [-3, '/chatWindow'],
    [-3, '/knowledgeBase'],
    [-1, '/no-such-page'],
  ])('confines system account %i: %s redirects to /sysMgr', (userId, path) => {
    expect(decideNavigation({ path, token: 't', userId })).toEqual({ kind: 'redirect', to: '/sysMgr' });
  });

  it.each([
    [-1, '/sysMgr'],
    [-1, '/sysMgr/index'],
    [-2, '/sysMgr/roleMgr'],
    [-3, '/sysMgr/logMgr?page=2'],
    [-1, '/implConfigMgr/funcMgr'],
  ])('lets system account %i open %s', (userId, path) => {
    expect(decideNavigation({ path, token: 't', userId })).toEqual({ kind: 'allow' });
  });

  it('accepts the user id as a string from storage', () => {
    expect(decideNavigation({ path: '/Transit', token: 't', userId: '-2' as unknown as number })).toEqual({
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
});
