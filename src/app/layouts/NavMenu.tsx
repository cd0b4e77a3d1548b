import { Fragment, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { LazyTooltip } from '../../components/lazy-tooltip';
import styles from './NavMenu.module.css';

export type NavItem = { key: string; icon: ReactNode; label: string };

export type NavMenuProps = {
  items: NavItem[];
  selectedKey?: string;
  /** Icons only, each label in a tooltip to its right. */
  collapsed: boolean;
  onSelect: (key: string) => void;
};

/**
 * The side menu's entries in the look of antd's inline Menu, without it (rc-menu, and the Tooltip it imports: D81):
 * a menu of links to the areas, one level, the selected one marked. Up and Down (Home, End) move the focus along
 * the entries, Enter or Space opens the focused one.
 */
export function NavMenu({ items, selectedKey, collapsed, onSelect }: NavMenuProps) {
  const list = useRef<HTMLUListElement>(null);
  const focusable = items.some((item) => item.key === selectedKey) ? selectedKey : items[0]?.key;
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.findIndex((el) => el === document.activeElement);
    if (at < 0) return;
    const to = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: entries.length - 1 }[event.key];
    if (to !== undefined) entries[(to + entries.length) % entries.length].focus();
    else if (event.key === 'Enter' || event.key === ' ') onSelect(entries[at].dataset.menuId ?? '');
    else return;
    event.preventDefault();
  };
  return (
    <ul role="menu" aria-label="导航菜单" className={collapsed ? `${styles.menu} ${styles.collapsed}` : styles.menu} ref={list} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.key === selectedKey;
        const entry = (
          <li
            role="menuitem"
            tabIndex={item.key === focusable ? 0 : -1}
            aria-current={selected ? 'page' : undefined}
            data-menu-id={item.key}
            className={selected ? `${styles.item} ${styles.selected}` : styles.item}
            onClick={() => onSelect(item.key)}
          >
            <span className={styles.icon}>{item.icon}</span>
            <span className={styles.label}>{item.label}</span>
          </li>
        );
        return collapsed ? (
          <LazyTooltip key={item.key} title={item.label} placement="right">
            {entry}
          </LazyTooltip>
        ) : (
          <Fragment key={item.key}>{entry}</Fragment>
        );
      })}
    </ul>
  );
}
