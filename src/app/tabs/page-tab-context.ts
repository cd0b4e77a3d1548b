import { createContext, useContext, useEffect } from 'react';

/** The tab a page is shown in, so the page can name it (a space's or a dialogue's name). */
export const PageTabContext = createContext<{ key: string; setTitle: (key: string, title: string) => void } | null>(null);

/** Names the page's tab `title` while it is set; outside page tabs it does nothing. */
export function usePageTabTitle(title: string | undefined | null): void {
  const tab = useContext(PageTabContext);
  useEffect(() => {
    if (tab && title) tab.setTitle(tab.key, title);
  }, [tab, title]);
}
