import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLastClickTime, getToken, setLastClickTime, setToken, setUserInfo } from '../../lib/storage';
import { setNavigator } from '../../lib/navigation';
import { installFakeServer } from '../../test/fake-adapter';
import { fakeNotifier } from '../../test/fake-notifier';
import { idleLogout } from './idle-logout';
import { isIdleExpired, startIdleWatch, trackActivity } from './idle';

const LIMIT = 600000;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') });
  setToken('t-1');
});
afterEach(() => vi.useRealTimers());

function watch(path = '/Transit', limitMs = LIMIT) {
  const onExpire = vi.fn();
  const stop = startIdleWatch({ limitMs, currentPath: () => path, onExpire });
  return { onExpire, stop };
}

/** Activity 5 s before the limit (`act`) starts the clock again from then. */
function expectActivityRestarts(act: () => void) {
  setLastClickTime(Date.now());
  const stopTracking = trackActivity();
  const { onExpire, stop } = watch();
  vi.advanceTimersByTime(LIMIT - 5000);
  act();
  expect(getLastClickTime()).toBe(Date.now());
  vi.advanceTimersByTime(LIMIT - 1000);
  expect(onExpire).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1000);
  expect(onExpire).toHaveBeenCalledTimes(1);
  stop();
  stopTracking();
}

describe('idle clock (spec §4)', () => {
  it('expires exactly at the limit', () => {
    expect(isIdleExpired(1000 + LIMIT - 1, 1000, LIMIT)).toBe(false);
    expect(isIdleExpired(1000 + LIMIT, 1000, LIMIT)).toBe(true);
    expect(isIdleExpired(5, null, LIMIT)).toBe(false);
  });

  it('signs out after 600000 ms without a mouse move, checked every second', () => {
    setLastClickTime(Date.now());
    const { onExpire, stop } = watch();
    vi.advanceTimersByTime(LIMIT - 1000);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    stop();
  });

  it('honours a shorter runtime timeDifference', () => {
    setLastClickTime(Date.now());
    const { onExpire, stop } = watch('/profile', 3000);
    vi.advanceTimersByTime(3000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a mouse move restarts the clock', () => {
    expectActivityRestarts(() => window.dispatchEvent(new MouseEvent('mousemove')));
  });

  it.each([
    ['a key press', () => new KeyboardEvent('keydown', { key: 'a', bubbles: true })],
    // Text that arrives without a key event: an input method's composition, paste, dictation.
    ['text entered without a key event', () => new InputEvent('input', { bubbles: true, data: '差旅' })],
    ['an input method composing', () => new CompositionEvent('compositionupdate', { bubbles: true, data: 'chai' })],
    ['the wheel', () => new WheelEvent('wheel', { bubbles: true })],
    ['a scroll inside a panel', () => new Event('scroll')],
    ['a touch', () => new Event('touchstart', { bubbles: true })],
    ['a click', () => new MouseEvent('mousedown', { bubbles: true })],
  ])('%s restarts the clock too (no mouse move needed)', (_what, make) => {
    const panel = document.createElement('div');
    document.body.append(panel);
    expectActivityRestarts(() => panel.dispatchEvent(make()));
    panel.remove();
  });

  it('throttles mouse moves to one write a second', () => {
    const stopTracking = trackActivity();
    window.dispatchEvent(new MouseEvent('mousemove'));
    const first = getLastClickTime();
    vi.advanceTimersByTime(400);
    window.dispatchEvent(new MouseEvent('mousemove'));
    expect(getLastClickTime()).toBe(first);
    vi.advanceTimersByTime(600);
    window.dispatchEvent(new MouseEvent('mousemove'));
    expect(getLastClickTime()).toBe(first! + 1000);
    stopTracking();
  });

  it.each(['/login', '/subLogin?token=x', '/clientLogin'])('does not run on %s', (path) => {
    setLastClickTime(Date.now() - 2 * LIMIT);
    const { onExpire, stop } = watch(path);
    vi.advanceTimersByTime(10000);
    expect(onExpire).not.toHaveBeenCalled();
    stop();
  });

  it('does not run without a session', () => {
    localStorage.removeItem('token');
    setLastClickTime(Date.now() - 2 * LIMIT);
    const { onExpire, stop } = watch();
    vi.advanceTimersByTime(5000);
    expect(onExpire).not.toHaveBeenCalled();
    stop();
  });
});

describe('idle logout (spec §4)', () => {
  it('warns 超时了，已退出登录, tells the server, clears storage and goes to /login', async () => {
    const toasts = fakeNotifier();
    const visited: string[] = [];
    const restoreNav = setNavigator((to) => visited.push(to));
    const server = installFakeServer({ 'POST /api/sysMgr/webapi/admin-monitor/logout': { status: 200, data: { code: 200, message: '成功', results: null } } });
    window.location.hash = '#/Transit';
    setUserInfo({ id: 9, fullName: '张三', username: 'staff', deptId: 1, roles: [] });
    await idleLogout();
    expect(toasts.warning).toHaveBeenCalledWith('超时了，已退出登录', 5, 'idle-logout');
    expect(server.calls).toHaveLength(1);
    expect(JSON.parse(server.calls[0].data as string)).toEqual({ username: 'staff', reason: 'idle' });
    expect(server.calls[0].headers.get('Authorization')).toBe('Bearer t-1');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(visited).toEqual(['/login']);
    server.restore();
    restoreNav();
    toasts.restore();
  });

  it('skips the server call when the username is empty', async () => {
    const toasts = fakeNotifier();
    const restoreNav = setNavigator(() => {});
    const server = installFakeServer({});
    setUserInfo({ id: 9, fullName: '', username: '', deptId: 1, roles: [] });
    await idleLogout();
    expect(server.calls).toHaveLength(0);
    expect(getToken()).toBeNull();
    server.restore();
    restoreNav();
    toasts.restore();
  });
});
