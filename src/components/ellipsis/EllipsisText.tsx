import type { CSSProperties, PointerEvent, ReactNode } from 'react';
import { useState } from 'react';
import { LazyTooltip } from '../lazy-tooltip';
import styles from './EllipsisText.module.css';

export type EllipsisTextProps = {
  /** The element drawn: a heading, a paragraph or a plain block. */
  as?: 'h4' | 'h5' | 'p' | 'div';
  /** Lines shown before the text is cut (default 1). */
  rows?: number;
  /** The whole text, shown in a tooltip when the text is cut. */
  tooltip: string;
  className?: string;
  children: ReactNode;
};

/**
 * Text cut to `rows` lines with an ellipsis, its whole text in a tooltip only when it is cut (measured as the
 * pointer arrives). What antd's Typography ellipsis does for a read-only text, without Typography's editable and
 * copyable parts (TextArea, copy-to-clipboard: ~12 KB gzipped) on pages that need only this (D73). The tooltip's code
 * is fetched when the pointer first reaches the text (D81).
 */
export function EllipsisText({ as: Tag = 'div', rows = 1, tooltip, className, children }: EllipsisTextProps) {
  const [cut, setCut] = useState(false);
  // Pointer events come before the mouse events the tooltip opens on, so the title is set by then.
  const measure = (e: PointerEvent<HTMLElement>) => {
    const el = e.currentTarget;
    setCut(el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
  };
  const style: CSSProperties | undefined = rows > 1 ? { WebkitLineClamp: rows } : undefined;
  const classes = [styles.text, rows > 1 ? styles.lines : styles.line, className].filter(Boolean).join(' ');
  return (
    <LazyTooltip title={cut ? tooltip : undefined}>
      <Tag className={classes} style={style} onPointerEnter={measure}>
        {children}
      </Tag>
    </LazyTooltip>
  );
}
