import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS } from '../../../contract/api/runtime';
import { installFakeServer, type FakeRequest } from '../../test/fake-adapter';
import { LOAD, ok, userDetail } from '../../test/factories';
import { renderSignedIn } from '../../test/render-app';
import { getLastClickTime, getToken } from '../../lib/storage';
import { idleLimitMs, rememberServerIdle } from './idle-limit';
// Loaded up front: the app fetches the warning's code lazily, and its first transform must not eat the wait.
import './components/IdleWarning';

const demo = userDetail({ allFunc: [] });
let restore: (() => void) | undefined;
let calls: FakeRequest[];

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const server = installFakeServer({
    [`GET ${AUTH_PATHS.userDetail}`]: ok(demo),
    [`GET ${AUTH_PATHS.profile}`]: ok(demo.user),
    [`POST ${AUTH_PATHS.logout}`]: ok(null),
  });
  calls = server.calls;
  restore = server.restore;
});
afterEach(() => {
  restore?.();
  vi.useRealTimers();
  localStorage.clear();
});

const touches = () => calls.filter((c) => c.url === AUTH_PATHS.profile).length;

describe('one idle setting (D92)', () => {
  it('takes the server’s idle limit from the token answer; a runtime timeDifference may only shorten it', () => {
    expect(idleLimitMs(null)).toBe(600_000);
    rememberServerIdle(5 * 60);
    expect(idleLimitMs(null)).toBe(300_000);
    expect(idleLimitMs(60_000)).toBe(60_000);
    expect(idleLimitMs(3_600_000)).toBe(300_000);
  });
});

describe('the warning before the idle logout (D92)', { timeout: 60_000 }, () => {
  it('asks 即将因长时间未操作退出，继续使用？ a minute before the end; 继续使用 keeps the session and tells the server', async () => {
    rememberServerIdle(5 * 60);
    renderSignedIn('/Transit', demo);
    await screen.findByText('可进入的功能', {}, LOAD);
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000 - 2_000));
    expect(screen.queryByText('即将因长时间未操作退出，继续使用？')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByText('即将因长时间未操作退出，继续使用？', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^(5\d|60) 秒后将自动退出登录/);

    // Moving the mouse towards the dialog does not answer it.
    const before = getLastClickTime();
    fireEvent.mouseMove(window);
    expect(getLastClickTime()).toBe(before);

    const touched = touches();
    fireEvent.click(screen.getByRole('button', { name: /继续使用/ }));
    // The call goes through the sign-in calls' module, fetched on first use.
    await waitFor(() => expect(touches()).toBe(touched + 1), LOAD);
    expect(screen.queryByText('即将因长时间未操作退出，继续使用？')).not.toBeInTheDocument();
    // Past the moment the session would have ended: still signed in.
    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    expect(getToken()).not.toBeNull();
  });

  it('without an answer, signs out at the end of the countdown', async () => {
    rememberServerIdle(5 * 60);
    renderSignedIn('/Transit', demo);
    await screen.findByText('可进入的功能', {}, LOAD);
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000 + 1_000));
    expect(await screen.findByText('即将因长时间未操作退出，继续使用？', {}, LOAD)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(getToken()).toBeNull();
    expect(JSON.parse(String(calls.find((c) => c.url === AUTH_PATHS.logout)?.data))).toMatchObject({ reason: 'idle' });
  });
});
