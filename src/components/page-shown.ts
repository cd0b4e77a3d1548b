import { createContext, useContext } from 'react';

/**
 * Whether the page around a component is the one shown. Pages left by a navigation (browser Back, another tab) stay
 * mounted and hidden under the page tabs (D54); a dialog or drawer of theirs, drawn over everything else, must hide
 * with them and come back, as it was, when the page is shown again. True outside page tabs.
 */
export const PageShownContext = createContext(true);

/** Whether this page is the one shown (see PageShownContext). */
export function usePageShown(): boolean {
  return useContext(PageShownContext);
}
