import { render } from './render';
import userEvent from '@testing-library/user-event';
import { AppRoot } from '../app/AppRoot';
import { createTestRouter } from '../app/router';
import { makeStore } from '../app/store';
import type { UserDetail } from '../../contract/api';
import { saveSessionForTest } from './session';

/** Renders the whole app (providers, routes, guard) at `path`. */
export function renderApp(path: string) {
  const router = createTestRouter(path);
  const store = makeStore();
  render(<AppRoot store={store} router={router} />);
  return { router, store, user: userEvent.setup() };
}

/** Renders the app with a stored session of `detail`. */
export function renderSignedIn(path: string, detail: UserDetail) {
  saveSessionForTest(detail);
  return renderApp(path);
}
