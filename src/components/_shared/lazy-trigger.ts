import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
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
  return { Component, node, load, onPointerDown };
}
