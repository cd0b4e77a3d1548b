import { createContext } from 'react';
import type { AppStore } from './store';

/** A store handed in from outside (tests); without one the signed-in areas make their own. */
export const InjectedStoreContext = createContext<AppStore | null>(null);
