import { useCallback, useLayoutEffect, useState } from 'react';

/**
 * The width of an element in whole pixels (rounded down, so what is fitted to it never overflows), followed as it
 * resizes; 0 until first measured. While the element is not displayed (width 0) the last width is kept, so a hidden
 * table is not laid out again for nothing.
 */
export function useWidth<E extends HTMLElement>(): [number, (el: E | null) => void] {
  const [el, setEl] = useState<E | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!el) return undefined;
    const measure = () => {
      const w = Math.floor(el.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [width, useCallback((node: E | null) => setEl(node), [])];
}
