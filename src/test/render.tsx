import { render as renderInDom } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import type { PropsWithChildren, ReactElement } from 'react';

/**
 * antd's CSS-in-JS rules go into this detached element instead of the document (D100). jsdom matches every rule of
 * every sheet on each getComputedStyle, and testing-library calls it for every node a role query walks: with antd's
 * ~1,800 rules in the document a page's test took minutes. jsdom lays nothing out, so the rules told the tests nothing.
 */
const styleSink = document.createElement('div');

/**
 * What tests do read of antd's styles: the classes that hide a closed popup, an inactive tab pane or a hidden form item
 * (antd's own rules for them are `display: none`). Kept in the document so role queries still skip what is hidden.
 */
const HIDING_CLASSES = [
  'popover', 'tooltip', 'dropdown', 'dropdown-menu', 'dropdown-menu-submenu', 'select-dropdown', 'picker-dropdown',
  'mentions-dropdown', 'menu', 'menu-submenu', 'tabs-dropdown', 'tabs-tabpane', 'modal', 'drawer', 'tour', 'tag',
  'upload', 'collapse-content', 'form-item',
];
const hiding = document.createElement('style');
hiding.dataset.testStyles = 'antd-hidden';
hiding.textContent = `${HIDING_CLASSES.map((name) => `.ant-${name}-hidden`).join(', ')} { display: none; }`;
document.head.append(hiding);

/** testing-library's render, with antd's styles kept out of the document. Every renderer test renders through it. */
export function render(ui: ReactElement, options: RenderOptions = {}) {
  const Inner = options.wrapper ?? (({ children }: PropsWithChildren) => <>{children}</>);
  function Wrapper({ children }: PropsWithChildren) {
    return (
      <StyleProvider container={styleSink}>
        <Inner>{children}</Inner>
      </StyleProvider>
    );
  }
  return renderInDom(ui, { ...options, wrapper: Wrapper });
}
