import { screen } from '@testing-library/react';
import { render } from '../../test/render';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../../contract/api/runtime';
import { makeStore } from '../../app/store';
import { WelcomeCard } from '../../app/pages/WelcomeCard';
import { installFakeServer } from '../../test/fake-adapter';
import { LOAD, ok, userDetail } from '../../test/factories';
import { saveSession } from './session';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const card = (detail: ReturnType<typeof userDetail>) =>
  render(<Provider store={makeStore()}><App><WelcomeCard user={detail.user} /></App></Provider>);

describe('signing in asks for user-detail once (issue 27 item 8)', () => {
  it('the page after sign-in shows the detail the sign-in fetched; a later page asks the server again', async () => {
    const detail = userDetail();
    const server = installFakeServer({ [`GET ${AUTH_PATHS.userDetail}`]: ok(detail) });
    restore = server.restore;
    saveSession(detail);
    const first = card(detail);
    expect(await screen.findByText(detail.clearance.text, {}, LOAD)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.url === AUTH_PATHS.userDetail)).toHaveLength(0);
    first.unmount();
    card(detail);
    expect(await screen.findByText(detail.clearance.text, {}, LOAD)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.url === AUTH_PATHS.userDetail)).toHaveLength(1);
  });
});
