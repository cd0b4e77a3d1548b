import type { TooltipProps } from 'antd';
import { cloneElement, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { lazyModule, useLazyTrigger, type TriggerProps } from '../_shared/lazy-trigger';

type TooltipComponent = ComponentType<TooltipProps>;

/** antd's Tooltip (its code and styles), a chunk of its own. */
const tooltip = lazyModule(() => import('antd/es/tooltip').then((m) => m.default as TooltipComponent), 'tooltip');

export type LazyTooltipProps = {
  /** The tooltip's text; none (undefined, '') shows no tooltip. */
  title: ReactNode;
  placement?: TooltipProps['placement'];
  /** The element the tooltip is about: one element. */
  children: ReactElement<TriggerProps>;
};

/**
 * antd's Tooltip, its code fetched when the pointer or the focus first reaches the element (D81); the element is drawn
 * at once. A pointer still on the element when the code arrives sees the tooltip open then.
 */
export function LazyTooltip({ title, placement, children }: LazyTooltipProps) {
  const { Component: Tooltip, node, placeholder } = useLazyTrigger(tooltip);
  const [over, setOver] = useState(false);

  if (Tooltip) {
    return (
      <Tooltip title={title} placement={placement} defaultOpen={over && Boolean(title)}>
        {cloneElement(children, { ref: node })}
      </Tooltip>
    );
  }

  return placeholder(children, {
    onPointerEnter: () => setOver(true),
    onPointerLeave: () => setOver(false),
  });
}
