import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, CHAT_PATHS } from '../../../contract/api/runtime';
import { installFakeServer, type FakeRequest } from '../../test/fake-adapter';
import { aiOk, LOAD, ok, userDetail } from '../../test/factories';
import { renderSignedIn } from '../../test/render-app';
import { getToken } from '../../lib/storage';
import { dialogue } from '../chat/chat.test-util';

const demo = userDetail({ allFunc: ['/chatWindow'] });
const CONCURRENCY = [{ model_name: 'fake-chat', model_type: 'llm', limit: 4, running: 1, waiting: 2 }];
const EXPIRED = { status: 401, data: { code: 10011039, message: '登录信息无效，请重新登录', results: null } };

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.useRealTimers();
});

describe('polling after the session ends at the server (D92)', { timeout: 60_000 }, () => {
  it('a silent poll answered 401 ends the session and stops, instead of a stream of 401s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let expired = false;
    const server = installFakeServer({
      [`GET ${AUTH_PATHS.userDetail}`]: ok(demo),
      [`GET ${CHAT_PATHS.dialogueList}`]: aiOk([dialogue()]),
      [`GET ${CHAT_PATHS.modelTypes}`]: aiOk(['fake-chat']),
      [`POST ${CHAT_PATHS.concurrency}`]: () => (expired ? EXPIRED : aiOk(CONCURRENCY)),
      [`POST ${CHAT_PATHS.modeParams}`]: aiOk([]),
      [`POST ${CHAT_PATHS.dialogueNew}`]: aiOk(dialogue({ conv_uid: 'conv-new', user_input: '' })),
      [`GET ${CHAT_PATHS.history}`]: aiOk([]),
      [`POST ${AUTH_PATHS.logout}`]: EXPIRED,
    });
    restore = server.restore;
    const polls = (calls: FakeRequest[]) => calls.filter((c) => c.url === CHAT_PATHS.concurrency).length;
    renderSignedIn('/chatWindow', demo);
    await waitFor(() => expect(polls(server.calls)).toBeGreaterThanOrEqual(1), LOAD);

    // The server ends the session (its idle limit, a revocation): the next poll is refused.
    expired = true;
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    await waitFor(() => expect(getToken()).toBeNull(), LOAD);
    expect(await screen.findByText('账号登录', {}, LOAD)).toBeInTheDocument();
    const after = polls(server.calls);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(polls(server.calls)).toBe(after);
  });
});
