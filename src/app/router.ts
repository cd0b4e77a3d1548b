import { createHashRouter, createMemoryRouter } from 'react-router-dom';
import { routes } from './routes';

/** The app's hash router (spec §2). */
export function createAppRouter() {
  return createHashRouter(routes);
}

/** The same routes in memory, for tests. */
export function createTestRouter(initialPath: string) {
  return createMemoryRouter(routes, { initialEntries: [initialPath] });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
