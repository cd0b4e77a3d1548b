import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { useSignedIn } from '../../lib/session-signal';

/** The tab a page is shown in: its key, whether it is the tab shown, and how the page names it. */
export const PageTabContext = createContext<{ key: string; active: boolean; setTitle: (key: string, title: string | null) => void } | null>(null);

/**
 * Names the page's tab `title` (a space's, a dialogue's, a generation's name); without one the tab has its route's
 * title. Outside page tabs it does nothing.
 */
export function usePageTabTitle(title: string | undefined | null): void {
  const tab = useContext(PageTabContext);
  // Whether this page has named its tab: only then does losing the name give the route's title back.
  const named = useRef(false);
  // Again after each render of the tabs (a navigation gives the tab its route's title first).
  useEffect(() => {
    if (!tab) return;
    if (title) {
      named.current = true;
      tab.setTitle(tab.key, title);
    } else if (named.current) {
      named.current = false;
      tab.setTitle(tab.key, null);
    }
  }, [tab, title]);
  // A part of the page that named the tab going away (a generation closed to the list) gives the route's title back.
  const latest = useRef(tab);
  useEffect(() => {
    latest.current = tab;
  });
  useEffect(() => () => {
    if (named.current) latest.current?.setTitle(latest.current.key, null);
  }, []);
}

function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the browser shows the window (not a background browser tab or a minimised window). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, () => document.visibilityState !== 'hidden');
}

/**
 * A polling interval for RTK Query that is `ms` only while someone can see the page: its page tab is the one shown
 * (pages of other tabs stay mounted, hidden) and the window is visible; else 0, which pauses the polling until the page
 * is shown again. Outside page tabs only the window counts. Without a session it is always 0.
 */
export function usePollingInterval(ms: number): number {
  const tab = useContext(PageTabContext);
  const visible = usePageVisible();
  // A page still on screen after its session ended (here or in another tab) stops asking: no stream of 401s (D92).
  const signedIn = useSignedIn();
  return signedIn && visible && (tab?.active ?? true) ? ms : 0;
}
