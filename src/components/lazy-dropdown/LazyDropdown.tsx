import type { DropdownProps } from 'antd';
import { cloneElement, useState, type ComponentType, type ReactElement } from 'react';
import { lazyModule, useLazyTrigger, type TriggerProps } from '../_shared/lazy-trigger';

type DropdownComponent = ComponentType<DropdownProps>;

/** antd's Dropdown (its code and styles), a chunk of its own. */
const dropdown = lazyModule(() => import('antd/es/dropdown/dropdown').then((m) => m.default as DropdownComponent), 'dropdown');

export type LazyDropdownProps = Pick<DropdownProps, 'menu' | 'placement' | 'disabled'> & {
  /** What opens the menu: a click (Enter and Space on a button are clicks) or the context menu. */
  trigger: ('click' | 'contextMenu')[];
  /** The trigger: one element (a button, a tab). */
  children: ReactElement<TriggerProps>;
};

/**
 * antd's Dropdown, its code fetched only when the user reaches the trigger (D81): the trigger is drawn at once; the
 * pointer entering it, its focus, a click or a context menu fetch the dropdown. A click or context menu before the
 * code has arrived opens the menu once it has (a context menu then opens below the trigger, not at the pointer); a
 * trigger that had the focus keeps it. For menus on every page (the user menu, the page tabs' menu).
 */
export function LazyDropdown({ trigger, children, ...props }: LazyDropdownProps) {
  const { Component: Dropdown, node, load, placeholder } = useLazyTrigger(dropdown);
  const [open, setOpen] = useState(false);

  if (Dropdown) {
    return (
      <Dropdown {...props} trigger={trigger} open={open} onOpenChange={setOpen}>
        {cloneElement(children, { ref: node })}
      </Dropdown>
    );
  }

  return placeholder(children, {
    onClick: () => {
      if (!trigger.includes('click') || props.disabled) return;
      setOpen(true);
      load();
    },
    onContextMenu: (event) => {
      if (!trigger.includes('contextMenu') || props.disabled) return;
      event.preventDefault();
      setOpen(true);
      load();
    },
  });
}
