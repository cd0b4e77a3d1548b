import { Alert } from 'antd';
import { createContext, useContext, useEffect } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { LayoutPane } from './LayoutPane';
import type { PaneOptions } from './LayoutPane';
import { MAX_LAYOUT_DEPTH } from './regions';

const DepthContext = createContext(0);

/** Props of LayoutContainer: top/bottom stack as rows, left/center/right sit as columns between them. */
export type LayoutContainerProps = {
  top?: PaneOptions;
  bottom?: PaneOptions;
  left?: PaneOptions;
  right?: PaneOptions;
  center?: ReactNode;
  style?: CSSProperties;
};

const TOO_DEEP = `布局嵌套超过 ${MAX_LAYOUT_DEPTH} 层`;

/**
 * The layout container of spec §2. Containers nest (a region's content may be another container) up to
 * MAX_LAYOUT_DEPTH levels; a deeper one renders an error in place of its regions and warns in the console.
 */
export function LayoutContainer(props: LayoutContainerProps) {
  const depth = useContext(DepthContext) + 1;
  const tooDeep = depth > MAX_LAYOUT_DEPTH;
  useEffect(() => {
    if (tooDeep) console.warn(`LayoutContainer: ${TOO_DEEP}; the inner container is not rendered.`);
  }, [tooDeep]);
  if (tooDeep) return <Alert type="error" title={TOO_DEEP} />;
  return (
    <DepthContext.Provider value={depth}>
      <div className="layout-container" data-depth={depth} style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, ...props.style }}>
        {props.top && <LayoutPane region="top" options={props.top} />}
        <div style={{ display: 'flex', flex: 1, minHeight: 0 }}>
          {props.left && <LayoutPane region="left" options={props.left} />}
          <main className="layout-center" style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
            {props.center}
          </main>
          {props.right && <LayoutPane region="right" options={props.right} />}
        </div>
        {props.bottom && <LayoutPane region="bottom" options={props.bottom} />}
      </div>
    </DepthContext.Provider>
  );
}
