/**
 * Page tabs of the workspace (spec §9, issue 17): the open pages of one layout as a list, the home tab first.
 * Pure functions, so the rules (home never closes, duplicates activate, what each close variant leaves) are
 * tested without a browser; `PageTabs.tsx` draws them and keeps the pages mounted.
 */
export type PageTab = {
  /** The route's path (`/knowledgeList`): one tab per route; the page keeps its own query. */
  key: string;
  title: string;
};

/** Tab bar height and function area width (spec §9). */
export const TAB_BAR_HEIGHT = 40;
export const TAB_FUNCTION_AREA_WIDTH = 128;
/** More tabs than this close the oldest (not the home tab), so a long day does not keep fifty pages mounted. */
export const MAX_TABS = 20;

/** Adds `tab` unless it is open (then only a better title is taken); the home tab stays first. */
export function openTab(tabs: PageTab[], tab: PageTab, home: string): PageTab[] {
  const index = tabs.findIndex((t) => t.key === tab.key);
  if (index >= 0) {
    if (tabs[index].title === tab.title) return tabs;
    return tabs.map((t, i) => (i === index ? { ...t, title: tab.title } : t));
  }
  const next = [...tabs, tab];
  while (next.length > MAX_TABS) {
    const oldest = next.findIndex((t) => t.key !== home && t.key !== tab.key);
    if (oldest < 0) break;
    next.splice(oldest, 1);
  }
  return withHomeFirst(next, home);
}

/** Sets a tab's title (a page names its space or dialogue). */
export function retitle(tabs: PageTab[], key: string, title: string): PageTab[] {
  return tabs.some((t) => t.key === key && t.title !== title) ? tabs.map((t) => (t.key === key ? { ...t, title } : t)) : tabs;
}

export type CloseKind = 'self' | 'others' | 'right' | 'all';

/**
 * The tabs left after closing (`target` is the tab the × or the context menu belongs to) and the tab to show:
 * the active one if it is still open, else the neighbour of the closed tab (right, then left), else home.
 */
export function closeTabs(
  tabs: PageTab[],
  kind: CloseKind,
  target: string,
  active: string,
  home: string,
): { tabs: PageTab[]; active: string } {
  const index = tabs.findIndex((t) => t.key === target);
  let left: PageTab[];
  if (kind === 'self') left = tabs.filter((t) => t.key !== target || t.key === home);
  else if (kind === 'others') left = tabs.filter((t) => t.key === target || t.key === home);
  else if (kind === 'right') left = index < 0 ? tabs : tabs.filter((t, i) => i <= index || t.key === home);
  else left = tabs.filter((t) => t.key === home);
  if (left.some((t) => t.key === active)) return { tabs: left, active };
  if (kind === 'self' && index >= 0) {
    const neighbour = tabs[index + 1] ?? tabs[index - 1];
    if (neighbour && left.some((t) => t.key === neighbour.key)) return { tabs: left, active: neighbour.key };
  }
  if (kind !== 'all' && left.some((t) => t.key === target)) return { tabs: left, active: target };
  return { tabs: left, active: home };
}

function withHomeFirst(tabs: PageTab[], home: string): PageTab[] {
  const index = tabs.findIndex((t) => t.key === home);
  if (index <= 0) return tabs;
  return [tabs[index], ...tabs.slice(0, index), ...tabs.slice(index + 1)];
}

/**
 * The tabs kept from the last visit, checked again: only pages the layout still resolves (the user may have
 * lost a grant since), each once, the home tab first with its current title.
 */
export function restoreTabs(
  stored: unknown,
  home: PageTab,
  resolve: (key: string) => string | undefined,
): PageTab[] {
  const result: PageTab[] = [home];
  if (!Array.isArray(stored)) return result;
  for (const item of stored as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { key, title } = item as Record<string, unknown>;
    if (typeof key !== 'string' || result.some((t) => t.key === key)) continue;
    const routeTitle = resolve(key);
    if (!routeTitle) continue;
    result.push({ key, title: typeof title === 'string' && title ? title : routeTitle });
  }
  return result.slice(0, MAX_TABS);
}
