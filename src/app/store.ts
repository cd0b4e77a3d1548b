import { configureStore } from '@reduxjs/toolkit';
import { combineReducers } from 'redux';
import { api } from '../lib/http/api';
import { layoutSlice } from './layoutSlice';

// The root reducer is redux's own combineReducers (a direct dependency, D90); RTK's configureStore adds the
// middleware and the devtools around it.
export const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [layoutSlice.reducerPath]: layoutSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A new store; tests pass the state they start from. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
