import { CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, type MenuProps } from 'antd';
import { Fragment, useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { UNSAFE_LocationContext, useLocation, useNavigate, useNavigationType, useOutlet, type Location } from 'react-router-dom';
import { FullscreenButton } from '../../components/fullscreen-button';
import { LazyDropdown } from '../../components/lazy-dropdown';
import { LazyTooltip } from '../../components/lazy-tooltip';
import { PageShownContext } from '../../components/page-shown';
import { readPref, writePref } from '../../lib/ui-prefs';
import { PageTabContext } from './page-tab-context';
import { closeTabs, openTab, restoreTabs, retitle, type CloseKind, type PageTab } from './page-tabs';
import styles from './PageTabs.module.css';

export type PageTabsProps = {
  /** Which layout's tabs: each layout keeps its own list per user. */
  scope: 'home' | 'sysMgr';
  /** The tab that cannot be closed. */
  home: PageTab;
  /** A route's title when the layout has it and the user may open it, else undefined (dropped on restore). */
  resolve: (key: string) => string | undefined;
};

type KeptPage = { element: ReactElement; location: Location };

const isList = (value: unknown): value is unknown[] => Array.isArray(value);

const CLOSE_ITEMS: NonNullable<MenuProps['items']> = [
  { key: 'refresh', icon: <ReloadOutlined />, label: '刷新' },
  { type: 'divider' },
  { key: 'self', icon: <CloseOutlined />, label: '关闭' },
  { key: 'others', label: '关闭其他' },
  { key: 'right', label: '关闭右侧' },
  { key: 'all', label: '关闭全部' },
];

/** Scrolls the tab bar so that `tab` (one of its items) is wholly in view. */
function reveal(bar: HTMLElement, tab: HTMLElement) {
  if (tab.offsetLeft < bar.scrollLeft) bar.scrollLeft = Math.max(0, tab.offsetLeft - 8);
  else if (tab.offsetLeft + tab.offsetWidth > bar.scrollLeft + bar.clientWidth) bar.scrollLeft = tab.offsetLeft + tab.offsetWidth - bar.clientWidth;
}

/** One kept page with its own scroll area; hidden, not unmounted, while another tab is shown. */
function KeptPane({ tabKey, active, children }: { tabKey: string; active: boolean; children: ReactNode }) {
  return (
    <div className={active ? styles.pane : `${styles.pane} ${styles.hidden}`} data-testid="page-pane" data-key={tabKey} inert={!active} aria-hidden={!active}>
      <div className={styles.scroll}>{children}</div>
    </div>
  );
}

/**
 * The layout's content as page tabs (spec §9): a 40 px tab bar with a 128 px function area (刷新, 全屏), and
 * every open page kept mounted under it, hidden when its tab is not active, so its filters, scroll position
 * and unsent text survive switching (D54). Each kept page sees the location it was opened at, so a hidden page
 * does not react to another tab's address. The bar is drawn here, in the look of antd's small editable-card Tabs,
 * without rc-tabs; the tabs' context menu fetches antd's Dropdown when first reached (D81).
 */
export function PageTabs({ scope, home, resolve }: PageTabsProps) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const outlet = useOutlet();
  const navigate = useNavigate();
  // One tab per route: a page that writes its state into the query (the open dialogue, a space's id) stays one tab.
  const activeKey = location.pathname;
  const prefName = `pageTabs.${scope}`;
  const [tabs, setTabs] = useState(() => restoreTabs(readPref(prefName, [], isList), home, resolve));
  const [versions, setVersions] = useState<Record<string, number>>({});
  // The pages opened in this layout, as last rendered; the active one renders from the router's outlet.
  const [kept, setKept] = useState<Record<string, KeptPage>>({});
  const area = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);

  // Each navigation opens (or activates) its tab and keeps the page's element for when it is hidden; the active
  // page always renders from the router's outlet (same component type, so React keeps its state).
  const [seen, setSeen] = useState<Location | null>(null);
  if (seen !== location) {
    setSeen(location);
    if (outlet) setKept((current) => ({ ...current, [activeKey]: { element: outlet, location } }));
    setTabs((current) => openTab(current, { key: activeKey, title: resolve(activeKey) ?? '页面' }, home.key));
  }

  useEffect(() => writePref(prefName, tabs), [tabs, prefName]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === area.current && area.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const refresh = useCallback((key: string) => setVersions((v) => ({ ...v, [key]: (v[key] ?? 0) + 1 })), []);

  const close = useCallback(
    (kind: CloseKind, target: string) => {
      const next = closeTabs(tabs, kind, target, activeKey, home.key);
      setTabs(next.tabs);
      // Closed pages leave the tree (the active one once the navigation away from it commits).
      setKept((current) => Object.fromEntries(Object.entries(current).filter(([key]) => next.tabs.some((t) => t.key === key))));
      if (next.active !== activeKey) void navigate(next.active);
    },
    [tabs, activeKey, home.key, navigate],
  );

  const toggleFullscreen = () => {
    const el = area.current;
    if (!el) return;
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void el.requestFullscreen?.();
  };

  // A page's own title (a space's, a dialogue's name); null gives the tab its route's title back.
  const setTitle = useCallback(
    (key: string, title: string | null) => setTabs((current) => retitle(current, key, title ?? resolve(key) ?? '页面')), [resolve],
  );

  // Back to the address the page was last at, query included.
  const show = (key: string) => {
    const at = kept[key]?.location;
    void navigate(at ? at.pathname + at.search : key);
  };

  const menuOf = (key: string): MenuProps => ({
    items: CLOSE_ITEMS.map((item) => (item && item.key === 'self' && key === home.key ? { ...item, disabled: true } : item)),
    onClick: ({ key: action, domEvent }) => {
      // The menu is in a portal, but React passes its clicks up to the tab, which would show it.
      domEvent.stopPropagation();
      if (action === 'refresh') refresh(key);
      else close(action as CloseKind, key);
    },
  });

  // The active tab scrolled into view (a page opened from the side menu past the bar's right edge).
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = strip.current;
    const tab = bar?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.parentElement;
    if (bar && tab) reveal(bar, tab);
  }, [activeKey, tabs]);

  // Arrows, Home and End move the focus along the tabs; Enter or Space shows the focused one; Delete closes it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = [...(strip.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const at = list.findIndex((el) => el === document.activeElement);
    if (at < 0) return;
    const key = list[at].dataset.key ?? '';
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: list.length - 1 }[event.key];
    if (to !== undefined) {
      const next = list[(to + list.length) % list.length];
      next.focus({ preventScroll: true });
      if (strip.current && next.parentElement) reveal(strip.current, next.parentElement);
    }
    else if (event.key === 'Enter' || event.key === ' ') show(key);
    else if (event.key === 'Delete' && key !== home.key) close('self', key);
    else return;
    event.preventDefault();
  };

  const shown = tabs.map((t) => t.key).filter((key) => key === activeKey || kept[key]);
  if (!shown.includes(activeKey)) shown.push(activeKey);

  return (
    <div className={styles.area} ref={area}>
      <div className={styles.bar} data-testid="page-tab-bar">
        <div
          className={styles.strip}
          ref={strip}
          role="tablist"
          aria-label="已打开的页面"
          onKeyDown={onKeyDown}
          // A mouse wheel scrolls the tabs sideways when they overflow the bar.
          onWheel={(event) => {
            if (strip.current && event.deltaY !== 0) strip.current.scrollLeft += event.deltaY;
          }}
        >
          {tabs.map((tab) => {
            const active = tab.key === activeKey;
            return (
              <LazyDropdown key={tab.key} trigger={['contextMenu']} menu={menuOf(tab.key)}>
                <div className={active ? `${styles.tab} ${styles.active}` : styles.tab} onClick={() => show(tab.key)}>
                  <div role="tab" aria-selected={active} tabIndex={active ? 0 : -1} data-key={tab.key} className={styles.label}>
                    <span data-testid="page-tab" data-key={tab.key} className={styles.title} title={tab.title}>{tab.title}</span>
                  </div>
                  {tab.key !== home.key && (
                    <button
                      type="button"
                      className={styles.remove}
                      aria-label={`关闭${tab.title}`}
                      tabIndex={-1}
                      onClick={(event) => {
                        event.stopPropagation();
                        close('self', tab.key);
                      }}
                    >
                      <CloseOutlined />
                    </button>
                  )}
                </div>
              </LazyDropdown>
            );
          })}
        </div>
        <div className={styles.functions} data-testid="tab-functions">
          {/* Below the button: above it the tooltip would cover the header's user menu (issue 27 item 8). */}
          <LazyTooltip title="刷新当前页" placement="bottom">
            {/* Named apart from a page's own 刷新 (which reloads its list), for assistive technology and tests alike. */}
            <Button type="text" size="small" icon={<ReloadOutlined />} aria-label="重新载入当前页" onClick={() => refresh(activeKey)}>
              刷新
            </Button>
          </LazyTooltip>
          <LazyTooltip title={fullscreen ? '退出全屏' : '全屏显示当前页'} placement="bottomRight">
            <FullscreenButton fullscreen={fullscreen} onToggle={toggleFullscreen} />
          </LazyTooltip>
        </div>
      </div>
      <div className={styles.panes}>
        {shown.map((key) => {
          const active = key === activeKey;
          const element = active ? outlet : kept[key]?.element;
          if (!element) return null;
          return (
            <KeptPane key={key} tabKey={key} active={active}>
              <PageTabContext.Provider value={{ key, active, setTitle }}>
                <PageShownContext.Provider value={active}>
                  <UNSAFE_LocationContext.Provider value={{ location: active ? location : kept[key].location, navigationType }}>
                    <Fragment key={versions[key] ?? 0}>{element}</Fragment>
                  </UNSAFE_LocationContext.Provider>
                </PageShownContext.Provider>
              </PageTabContext.Provider>
            </KeptPane>
          );
        })}
      </div>
    </div>
  );
}
