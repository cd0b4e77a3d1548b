import { render } from '../../../test/render';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { ReactElement } from 'react';
import type { UserDetail } from '../../../../contract/api';
import { NotifierBridge } from '../../../app/NotifierBridge';
import { makeStore } from '../../../app/store';
import { saveSessionForTest } from '../../../test/session';

/**
 * Renders one page with a store and a stored session, without the app shell (lighter than renderSignedIn). Toasts go
 * through the page's antd App, as in the app: antd's static message renders into a root of its own whose close timer
 * can fire after the test file's window is gone.
 */
export function renderPage(page: ReactElement, detail: UserDetail) {
  saveSessionForTest(detail);
  render(
    <Provider store={makeStore()}>
      <App>
        <NotifierBridge />
        <MemoryRouter>{page}</MemoryRouter>
      </App>
    </Provider>,
  );
  return { user: userEvent.setup() };
}
