import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/http/api';
import { layoutSlice } from './layoutSlice';

const rootReducer = combineSlices(api, layoutSlice);

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
