import { CloseOutlined, DownOutlined, LeftOutlined, RightOutlined, UpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { startDrag } from '../_shared';
import { COLLAPSED_SIZE, isHorizontal, REGION_DEFAULTS, resizedSize } from './regions';
import type { SideRegion } from './regions';

/** Options of one side region. */
export type PaneOptions = {
  content: ReactNode;
  title?: ReactNode;
  /** Initial size in px (width for left/right, height for top/bottom). */
  size?: number;
  closable?: boolean;
  collapsible?: boolean;
  resizable?: boolean;
  defaultCollapsed?: boolean;
  min?: number;
  max?: number;
  onClose?: () => void;
  onCollapse?: (collapsed: boolean) => void;
};

const ARROWS = {
  left: [LeftOutlined, RightOutlined],
  right: [RightOutlined, LeftOutlined],
  top: [UpOutlined, DownOutlined],
  bottom: [DownOutlined, UpOutlined],
} as const;

const NAMES: Record<SideRegion, string> = { top: '上', bottom: '下', left: '左', right: '右' };

/** One side pane: a header with collapse and close buttons, and a drag handle on its inner edge. */
export function LayoutPane({ region, options }: { region: SideRegion; options: PaneOptions }) {
  const d = REGION_DEFAULTS[region];
  const [size, setSize] = useState(options.size ?? d.size);
  const [collapsed, setCollapsed] = useState(options.defaultCollapsed ?? false);
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  const horizontal = isHorizontal(region);
  const current = collapsed ? COLLAPSED_SIZE : size;
  const toggle = () => {
    setCollapsed(!collapsed);
    options.onCollapse?.(!collapsed);
  };
  const [CollapseIcon, ExpandIcon] = ARROWS[region];
  const style: CSSProperties = { position: 'relative', flex: `0 0 ${current}px`, overflow: 'hidden', display: 'flex', flexDirection: 'column' };
  const edge: CSSProperties = { left: { right: 0, top: 0, bottom: 0 }, right: { left: 0, top: 0, bottom: 0 }, top: { bottom: 0, left: 0, right: 0 }, bottom: { top: 0, left: 0, right: 0 } }[region];
  const showHeader = options.title !== undefined || options.closable || options.collapsible;

  return (
    <section className={`layout-pane layout-pane-${region}`} data-region={region} aria-label={`${NAMES[region]}区域`} style={style}>
      {showHeader && (
        <header style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '2px 4px' }}>
          {!collapsed && <span style={{ flex: 1 }}>{options.title}</span>}
          {options.collapsible && (
            <Button type="text" size="small" aria-label={collapsed ? '展开' : '折叠'} icon={collapsed ? <ExpandIcon /> : <CollapseIcon />} onClick={toggle} />
          )}
          {options.closable && !collapsed && (
            <Button
              type="text"
              size="small"
              aria-label="关闭"
              icon={<CloseOutlined />}
              onClick={() => {
                setClosed(true);
                options.onClose?.();
              }}
            />
          )}
        </header>
      )}
      {!collapsed && <div style={{ flex: 1, overflow: 'auto' }}>{options.content}</div>}
      {options.resizable && !collapsed && (
        <div
          role="separator"
          aria-orientation={horizontal ? 'vertical' : 'horizontal'}
          aria-label="调整大小"
          style={{ position: 'absolute', ...edge, [horizontal ? 'width' : 'height']: 5, cursor: horizontal ? 'col-resize' : 'row-resize' }}
          onMouseDown={(e) => startDrag(e, (delta) => setSize(resizedSize(region, size, delta, options.min ?? d.min, options.max ?? d.max)))}
        />
      )}
    </section>
  );
}
