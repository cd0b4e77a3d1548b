import {
  cloneElement,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react';
import { loadChunk } from '../../lib/chunk-load';

/** A component fetched once on demand; a failed fetch is forgotten, so the next try fetches again. */
export type LazyModule<C> = { current: () => C | undefined; load: () => Promise<C> };

export function lazyModule<C>(load: () => Promise<C>, label: string): LazyModule<C> {
  let loading: Promise<C> | undefined;
  let loaded: C | undefined;
  return {
    current: () => loaded,
    load: () => {
      loading ??= loadChunk(load, label).then(
        (component) => (loaded = component),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/** The handlers the trigger element may have of its own; they are called before the lazy trigger's. */
export type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onContextMenu?: (event: MouseEvent<HTMLElement>) => void;
};

type TriggerHandlers = Omit<TriggerProps, 'ref'>;

function after<E>(own: ((event: E) => void) | undefined, then: (event: E) => void) {
  return (event: E) => {
    own?.(event);
    then(event);
  };
}

/**
 * A trigger element drawn at once whose popup component (antd's Dropdown, Tooltip) is fetched when the user reaches
 * it (D81): `load` when the pointer enters or the element gets the focus, then the element is drawn anew inside the
 * component. The swap gives the focus back to the trigger or the element in it that had it, and waits while a button is pressed on the
 * trigger (drawing it anew between press and release would lose the click). A failed fetch is thrown to the route's
 * error element, as a lazy route's.
 */
export function useLazyTrigger<C>(module: LazyModule<C>) {
  const [Component, setComponent] = useState<C | undefined>(module.current);
  const [error, setError] = useState<unknown>(null);
  const node = useRef<HTMLElement>(null);
  // Where the focus was in the trigger when it was drawn anew: -1 the trigger itself, else its n-th descendant.
  const hadFocus = useRef<number | null>(null);
  const pressed = useRef(false);
  const afterRelease = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    const at = hadFocus.current;
    const el = node.current;
    if (!Component || at === null || !el) return;
    hadFocus.current = null;
    (at < 0 ? el : el.querySelectorAll<HTMLElement>('*')[at])?.focus({ preventScroll: true });
  }, [Component]);
  if (error) throw error;

  const swap = (component: C) => {
    const el = node.current;
    const active = document.activeElement;
    if (el && active && el.contains(active)) hadFocus.current = active === el ? -1 : [...el.querySelectorAll('*')].indexOf(active);
    setComponent(() => component);
  };
  const load = () => {
    if (Component) return;
    module.load().then((component) => {
      if (pressed.current) afterRelease.current = () => swap(component);
      else swap(component);
    }, setError);
  };
  const onPointerDown = (_event: PointerEvent<HTMLElement>) => {
    pressed.current = true;
    const release = () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      // After the click that follows the release.
      setTimeout(() => {
        pressed.current = false;
        afterRelease.current?.();
        afterRelease.current = null;
      }, 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    load();
  };
  /**
   * The trigger while the component has not arrived: the pointer entering it, a press on it or its focus fetch the
   * component. `more` adds the popup's own handlers (its `onPointerEnter` runs before the fetch); handlers it does not
   * name stay the element's own.
   */
  const placeholder = (children: ReactElement<TriggerProps>, more: TriggerHandlers = {}) => {
    const own = children.props;
    return cloneElement(children, {
      ref: node,
      onPointerEnter: after(own.onPointerEnter, (event) => {
        more.onPointerEnter?.(event);
        load();
      }),
      onPointerDown: after(own.onPointerDown, onPointerDown),
      onFocus: after(own.onFocus, load),
      ...(more.onPointerLeave && { onPointerLeave: after(own.onPointerLeave, more.onPointerLeave) }),
      ...(more.onClick && { onClick: after(own.onClick, more.onClick) }),
      ...(more.onContextMenu && { onContextMenu: after(own.onContextMenu, more.onContextMenu) }),
    });
  };
  return { Component, node, load, placeholder };
}
