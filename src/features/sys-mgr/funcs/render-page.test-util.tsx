import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { ReactElement } from 'react';
import type { UserDetail } from '../../../../contract/api';
import { makeStore } from '../../../app/store';
import { saveSessionForTest } from '../../../test/session';

/** Renders one page with a store and a stored session, without the app shell (lighter than renderSignedIn). */
export function renderPage(page: ReactElement, detail: UserDetail) {
  saveSessionForTest(detail);
  render(
    <Provider store={makeStore()}>
      <App>
        <MemoryRouter>{page}</MemoryRouter>
      </App>
    </Provider>,
  );
  return { user: userEvent.setup() };
}
